import { randomBytes, randomUUID } from "node:crypto";
import { AppError } from "../../../domain/errors";
import {
  CONNECT_CODE_ALPHABET,
  CONNECT_CODE_LENGTH,
  CONNECT_CODE_TTL_MS,
  CONNECT_COOKIE,
  CONNECT_COMPLETE_TTL_MS,
  type CodeMessenger,
  isWellFormedConnectCode,
  messengerDeepLink,
  normalizeConnectCode,
} from "../../../domain/messengers";
import type { TPortalSettings } from "../../../domain/portal";
import { randomToken, tokenHash } from "../../platform/auth/tokens";
import type { IssuedTokens } from "../../platform/auth/tokens";
import type { AuthService } from "../auth/service";
import type { ConnectRow, MessengersRepo } from "./repo";

export { CONNECT_COOKIE };

export type ConnectState = "pending" | "confirmed" | "expired" | "completed";

/** 8 letters from a 32-letter alphabet: 40 random bits, each byte maps onto exactly one letter. */
function randomCode(): string {
  return [...randomBytes(CONNECT_CODE_LENGTH)].map((b) => CONNECT_CODE_ALPHABET[b % CONNECT_CODE_ALPHABET.length]).join("");
}

/** The cookie carries the flow secret and the code (for the page to show again); the database only their hashes. */
function parseCookie(value: string | undefined): { flowSecret: string; code: string } | null {
  const m = /^([A-Za-z0-9_-]{43})\.([A-Z0-9]{8})$/.exec(value ?? "");
  return m ? { flowSecret: m[1], code: m[2] } : null;
}

function stateOf(row: ConnectRow, now: number): ConnectState {
  if (row.completedAt) return "completed";
  if (row.expiresAt.getTime() <= now) return "expired";
  return row.confirmedAt ? "confirmed" : "pending";
}

export interface MessengersServiceDeps {
  repo: MessengersRepo;
  auth: AuthService;
  settings: () => Promise<TPortalSettings>;
  now?: () => number;
}

/**
 * Messenger sign-in by one-time code (docs/decisions/0009): the browser gets a code and a flow
 * cookie; the visitor sends the code to the portal's bot; the bot's signed webhook confirms it with
 * the messenger user's id; the browser holding the cookie then completes the sign-in once.
 */
export function createMessengersService({ repo, auth, settings, now = Date.now }: MessengersServiceDeps) {
  async function endpointOf(messenger: CodeMessenger): Promise<string> {
    const s = await settings();
    const endpoint = s.environment.integrations.messengers[messenger]?.endpoint?.trim();
    if (!s.providers.messengers.includes(messenger) || !endpoint) throw new AppError("NOT_FOUND", `${messenger} sign-in is not available`);
    return endpoint;
  }

  async function flowOf(cookie: string | undefined) {
    const parsed = parseCookie(cookie);
    const row = parsed ? await repo.findByFlowHash(tokenHash(parsed.flowSecret)) : null;
    if (!parsed || !row || row.codeHash !== tokenHash(parsed.code))
      throw new AppError("CONNECT_CODE_INVALID", "No messenger sign-in in progress in this browser");
    return { row, code: parsed.code };
  }

  return {
    /**
     * A new code for this browser. `userId` is a signed-in learner connecting a messenger to the
     * account (messengers-login-hs); without it completing signs in.
     */
    async start(messenger: CodeMessenger, returnTo: string, userId?: string): Promise<{ cookie: string; code: string; expiresAt: Date }> {
      await endpointOf(messenger);
      const t = now();
      await repo.purgeExpiredBefore(new Date(t - 24 * 60 * 60 * 1000));
      const flowSecret = randomToken();
      const code = randomCode();
      const expiresAt = new Date(t + CONNECT_CODE_TTL_MS);
      await repo.insert({
        id: randomUUID(),
        messenger,
        codeHash: tokenHash(code),
        flowHash: tokenHash(flowSecret),
        returnTo,
        userId: userId ?? null,
        expiresAt,
      });
      return { cookie: `${flowSecret}.${code}`, code, expiresAt };
    },

    /** What the connect page shows for the flow in this browser's cookie. */
    async view(messenger: CodeMessenger, cookie: string | undefined) {
      const endpoint = await endpointOf(messenger);
      const { row, code } = await flowOf(cookie);
      if (row.messenger !== messenger) throw new AppError("CONNECT_CODE_INVALID", "The flow in this browser is for another messenger");
      return { code, deepLink: messengerDeepLink(messenger, endpoint, code), expiresAt: row.expiresAt, state: stateOf(row, now()), returnTo: row.returnTo };
    },

    async status(cookie: string | undefined): Promise<{ state: ConnectState; messenger: string; expiresAt: Date }> {
      const { row } = await flowOf(cookie);
      return { state: stateOf(row, now()), messenger: row.messenger, expiresAt: row.expiresAt };
    },

    /** The bot's webhook: the visitor sent `code` from messenger account `messengerUserId`. */
    async confirm(messenger: CodeMessenger, input: { code: string; messengerUserId: string; name?: string | null }): Promise<void> {
      const code = normalizeConnectCode(input.code);
      if (!isWellFormedConnectCode(code)) throw new AppError("CONNECT_CODE_INVALID", "Unknown code");
      const t = now();
      const who = { messengerUserId: input.messengerUserId, name: input.name?.trim().slice(0, 100) || null };
      const done = await repo.confirm(tokenHash(code), messenger, who, new Date(t), new Date(t + CONNECT_COMPLETE_TTL_MS));
      if (done) return;
      const row = await repo.findByCodeHash(tokenHash(code));
      if (!row || row.messenger !== messenger) throw new AppError("CONNECT_CODE_INVALID", "Unknown code");
      if (row.confirmedAt) throw new AppError("CONNECT_CODE_USED", "This code was already confirmed");
      throw new AppError("CONNECT_CODE_EXPIRED", "This code has expired");
    },

    /**
     * The browser finishes: signs in with the confirmed messenger account (or links it to the
     * learner who started the flow). Works once.
     */
    async complete(cookie: string | undefined): Promise<{ returnTo: string; tokens: IssuedTokens | null }> {
      const { row } = await flowOf(cookie);
      const done = await repo.complete(row.flowHash, new Date(now()));
      if (!done) {
        // Read again: a parallel request may have completed it since.
        const state = stateOf((await repo.findByFlowHash(row.flowHash)) ?? row, now());
        if (state === "completed") throw new AppError("CONNECT_CODE_USED", "This sign-in was already completed");
        if (state === "expired") throw new AppError("CONNECT_CODE_EXPIRED", "This code has expired");
        throw new AppError("CONNECT_NOT_CONFIRMED", "The bot has not confirmed the code yet");
      }
      const messenger = done.messenger as CodeMessenger;
      const profile = { subject: done.messengerUserId!, email: null, emailVerified: false, givenName: done.messengerName, familyName: null };
      if (done.userId) {
        await auth.linkIdentity(done.userId, messenger, profile);
        return { returnTo: done.returnTo, tokens: null };
      }
      return { returnTo: done.returnTo, tokens: await auth.signInWithIdentity(messenger, profile) };
    },
  };
}
export type MessengersService = ReturnType<typeof createMessengersService>;
