import { AppError } from "../../../../domain/errors";
import type { IdentityProfile } from "../../../platform/auth/oidc";
import type { IssuedTokens } from "../../../platform/auth/tokens";
import { completeSignIn, type AuthContext, type IdentityProvider } from "./context";

/**
 * Sign-in through an identity provider: the account linked to provider+subject; else the account
 * with the same e-mail when the provider vouches for it (email_verified) AND that account proved
 * the address too; else a new one. An account holding the address unproven is never entered (it
 * may be someone else's trap, docs/decisions/0012): EMAIL_UNVERIFIED_ACCOUNT asks to verify first.
 */
export async function signInWithIdentity(ctx: AuthContext, provider: IdentityProvider, profile: IdentityProfile): Promise<IssuedTokens> {
  const { repo, users } = ctx;
  const linked = await repo.findIdentity(provider, profile.subject);
  let row = linked ? await users.findById(linked.userId) : null;
  const vouched = profile.email && profile.emailVerified ? profile.email : null;
  if (!row && vouched) {
    const holder = await users.findByEmail(vouched);
    if (holder && !holder.emailVerifiedAt) {
      throw new AppError("EMAIL_UNVERIFIED_ACCOUNT", "An account holds this address without having verified it");
    }
    row = holder;
  }
  if (!row) {
    row = await users.create({
      status: "active",
      roles: ["disciple"],
      email: vouched,
      emailVerifiedAt: vouched ? new Date() : null,
      firstName: profile.givenName,
      lastName: profile.familyName,
      registered: new Date(),
      links: [],
    });
  }
  const link = `${provider}|${profile.subject}`;
  if (!row.links.includes(link)) row = await users.update(row.id, { links: [...row.links, link] });
  await repo.insertIdentity({ provider, subject: profile.subject, userId: row.id, email: profile.email });
  return completeSignIn(ctx, await users.upgradeToDisciple(row), provider);
}

/**
 * Adds a provider account to the account a signed-in learner is in (connecting a messenger).
 * A provider account already linked to somebody else stays theirs: IDENTITY_LINKED.
 */
export async function linkIdentity({ repo, users }: AuthContext, userId: string, provider: IdentityProvider, profile: IdentityProfile): Promise<void> {
  const linked = await repo.findIdentity(provider, profile.subject);
  if (linked && linked.userId !== userId) throw new AppError("IDENTITY_LINKED", `This ${provider} account belongs to another user`);
  const row = await users.findById(userId);
  if (!row) throw new AppError("NOT_FOUND", "User id not found");
  const link = `${provider}|${profile.subject}`;
  if (!row.links.includes(link)) await users.update(row.id, { links: [...row.links, link] });
  await repo.insertIdentity({ provider, subject: profile.subject, userId, email: profile.email });
  // Two learners racing for one provider account: the table's key lets only one insert land.
  const owner = await repo.findIdentity(provider, profile.subject);
  if (owner && owner.userId !== userId) {
    await users.update(row.id, { links: row.links.filter((l) => l !== link) });
    throw new AppError("IDENTITY_LINKED", `This ${provider} account belongs to another user`);
  }
}
