import fastifyCookie from "@fastify/cookie";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Auth } from "../../../domain/learning-access";
import { installErrorHandler } from "../errors";
import { installRequestAuth, requireUser, type RequestAuthenticator } from "./request-auth";

const user = { id: "u1", status: "active", roles: ["disciple"] } as unknown as Extract<Auth, { kind: "user" }>["user"];
const authenticator: RequestAuthenticator = {
  authenticate: async (token): Promise<Auth> =>
    token === "good" ? { kind: "user", user, sessionId: "s1" } : token ? { kind: "bad-token" } : { kind: "guest" },
  renew: async () => {
    throw new Error("no renewal here");
  },
};

async function app(strictDeclarations: boolean) {
  const a = Fastify().withTypeProvider<ZodTypeProvider>();
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  installErrorHandler(a);
  await a.register(fastifyCookie);
  installRequestAuth(a, authenticator, { strictDeclarations });
  const body = z.object({ name: z.string().min(1) });
  a.post("/api/declared", { config: { auth: "user" }, schema: { body } }, async (req) => ({ id: (await requireUser(req)).user.id, name: req.body.name }));
  a.post("/api/door", { config: { auth: "signed-in" }, schema: { body } }, async () => ({ ok: true }));
  a.post("/api/undeclared", { schema: { body } }, async (req) => ({ id: (await requireUser(req)).user.id }));
  await a.ready();
  return a;
}

const post = (a: Awaited<ReturnType<typeof app>>, url: string, payload: unknown, token?: string) =>
  a.inject({ method: "POST", url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("routes that declare their caller (config.auth)", () => {
  it("authenticate before the body is validated: a guest's bad body is 401, a signed-in one's is 400", async () => {
    const a = await app(true);
    expect((await post(a, "/api/declared", {})).json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
    expect((await post(a, "/api/declared", {}, "forged")).json()).toMatchObject({ error: { code: "TOKEN-BAD" } });
    expect((await post(a, "/api/door", {})).json()).toMatchObject({ error: { code: "REGISTRATION-REQUIRED" } });
    const bad = await post(a, "/api/declared", {}, "good");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: "VALIDATION" } });
    expect((await post(a, "/api/declared", { name: "x" }, "good")).json()).toEqual({ id: "u1", name: "x" });
    expect(a.authRoutes).toEqual([
      { method: "POST", url: "/api/declared", auth: "user" },
      { method: "POST", url: "/api/door", auth: "signed-in" },
    ]);
    await a.close();
  });

  it("outside production, an API route that checks its caller without declaring it fails loudly", async () => {
    const strict = await app(true);
    expect((await post(strict, "/api/undeclared", { name: "x" }, "good")).statusCode).toBe(500);
    await strict.close();
    const lenient = await app(false);
    expect((await post(lenient, "/api/undeclared", { name: "x" }, "good")).json()).toEqual({ id: "u1" });
    await lenient.close();
  });
});
