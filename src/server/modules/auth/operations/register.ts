import { AppError } from "../../../../domain/errors";
import type { TUser } from "../../../../domain/user";
import { hashPassword } from "../../../platform/auth/passwords";
import type { IssuedTokens } from "../../../platform/auth/tokens";
import { completeSignIn, createOrConvertAccount, type AuthContext } from "./context";

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName?: string;
  phone?: string;
  extra?: Record<string, string>;
}

/**
 * E-mail registration. A visitor who already has a session keeps its id (and so its progress):
 * the session user becomes the registered one.
 */
export async function register(ctx: AuthContext, input: RegisterInput, current?: TUser): Promise<IssuedTokens> {
  // The seed's codes, with the field that holds the taken value (a form shows the error there).
  if (await ctx.users.findByEmail(input.email)) throw new AppError("DUPLICATE_EMAIL", "This e-mail is already registered", { field: "email" });
  if (input.phone && (await ctx.users.findByPhone(input.phone))) {
    throw new AppError("DUPLICATE_EMAIL_OR_PHONE", "This phone is already registered", { field: "phone" });
  }
  const fields = {
    status: "active" as const,
    email: input.email,
    phone: input.phone ?? null,
    firstName: input.firstName,
    lastName: input.lastName ?? null,
    passwordHash: await hashPassword(input.password),
    registered: new Date(),
    extra: input.extra ?? {},
  };
  const taken = new AppError("DUPLICATE_EMAIL", "This e-mail is already registered", { field: "email" });
  return completeSignIn(ctx, await createOrConvertAccount(ctx, current, fields, `email|${input.email}`, taken), "email");
}

/** Anonymous registration: a username and a password, no e-mail. */
export async function registerAnonymous(ctx: AuthContext, username: string, password: string, current?: TUser): Promise<IssuedTokens> {
  if (await ctx.users.findByUsername(username)) throw new AppError("DUPLICATE_USERNAME", "This username is taken");
  const fields = { status: "active" as const, username, passwordHash: await hashPassword(password), registered: new Date() };
  const taken = new AppError("DUPLICATE_USERNAME", "This username is taken");
  return completeSignIn(ctx, await createOrConvertAccount(ctx, current, fields, `anonymous|${username}`, taken), "anonymous");
}
