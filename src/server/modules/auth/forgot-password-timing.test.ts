/**
 * Forgot-password does the same work for a known and an unknown address (security review, "Low"):
 * a known address used to cost one more query (the token insert) and so answered measurably later.
 * The service is run against recording fakes: both paths make a token and its hash, one user
 * lookup and exactly one write to the one-time token table.
 */
import { describe, expect, it } from "vitest";
import type { UsersService } from "../users/service";
import type { AuthRepo } from "./repo";
import { createAuthService } from "./service";
import { createAccessTokens } from "../../platform/auth/tokens";

function recorder(calls: string[], prefix: string, answers: Record<string, unknown> = {}) {
  return new Proxy(
    {},
    {
      get:
        (_t, name: string) =>
        async (...args: unknown[]) => {
          calls.push(`${prefix}.${name}`);
          if (name === "insertOneTime" || name === "consumeOneTime") {
            const hash = typeof args[0] === "string" ? args[0] : (args[0] as { hash?: string }).hash;
            calls.push(`hash:${/^[0-9a-f]{64}$/.test(hash ?? "") ? "sha256" : "none"}`);
          }
          return answers[name] ?? null;
        },
    },
  );
}

async function run(known: boolean) {
  const calls: string[] = [];
  const row = {
    id: "u1",
    email: "a@example.com",
    passwordHash: "$argon2id$x",
    firstName: "A",
    lastName: null,
    username: null,
    roles: ["disciple"],
    status: "active",
    links: [],
  };
  const users = recorder(calls, "users", known ? { findByEmail: row } : {}) as unknown as UsersService;
  const repo = recorder(calls, "auth") as unknown as AuthRepo;
  const bus = { publish: async () => {}, subscribe: () => () => {}, onLost: () => () => {}, onResync: () => () => {} };
  const auth = createAuthService({ repo, users, tokens: createAccessTokens(new Uint8Array(32), "t"), bus });
  const result = await auth.createPasswordReset("a@example.com");
  return { calls, result };
}

describe("createPasswordReset", () => {
  it("makes the same number of queries, with a token hash, for known and unknown addresses", async () => {
    const known = await run(true);
    const unknown = await run(false);
    expect(unknown.result).toBeNull();
    expect(known.result?.token).toMatch(/^[\w-]{43}$/);
    expect(known.calls).toEqual(["users.findByEmail", "auth.insertOneTime", "hash:sha256"]);
    expect(unknown.calls).toEqual(["users.findByEmail", "auth.consumeOneTime", "hash:sha256"]);
    expect(unknown.calls.length).toBe(known.calls.length);
  });
});
