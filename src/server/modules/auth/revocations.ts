import { ACCESS_TTL_SECONDS } from "../../platform/auth/tokens";
import type { Bus } from "../../platform/bus";
import type { AuthRepo, RevokedSession } from "./repo";

/** Instances and the database may disagree this much about the time. */
const CLOCK_SKEW_MS = 60_000;
/**
 * How long a revocation is remembered: an access token is signed only while its session is live and
 * lives ACCESS_TTL_SECONDS, so once that has passed every token of a revoked session has expired.
 */
export const REVOCATION_MEMORY_MS = ACCESS_TTL_SECONDS * 1000 + CLOCK_SKEW_MS;
/** While out of step with the database (a load failed), the next check tries again at most this often. */
const RETRY_SYNC_MS = 5_000;
/** How long a revocation waits to hear its own event back (then every listener on the database has been sent it). */
const HEAR_OWN_EVENT_MS = 1_000;
const PRUNE_EVERY_MS = 60_000;

/** Is this session revoked? `unknown`: this instance is not in step with the database, ask it. */
export type SessionState = "live" | "revoked" | "unknown";

/**
 * Which sessions have ended, in memory, so that checking an access token needs no read
 * (docs/decisions/0029). Every revocation is written first, applied here, then published on the bus:
 * `user:{userId}` `revoked` with the session id, which every other instance notes as it hears it;
 * with the account id instead (all its sessions ended, e.g. the account was deleted), they read the
 * account's recent revocations. At start, and again when the bus is back after a lost connection
 * (events sent meanwhile are lost), the revocations of the last REVOCATION_MEMORY_MS are loaded.
 * Between losing the bus and having loaded them, and whenever a load failed, `state` answers
 * `unknown` and the caller reads the session row as before.
 */
export function createRevocations(deps: {
  repo: Pick<AuthRepo, "revokedSince">;
  bus: Pick<Bus, "publish" | "subscribe" | "onLost" | "onResync">;
  now?: () => number;
}) {
  const { repo, bus } = deps;
  const now = deps.now ?? Date.now;
  const revoked = new Map<string, number>();
  let inStep = false;
  /** Bumped whenever the state may have been missed: a load started before it cannot put us in step. */
  let generation = 0;
  let loading = 0;
  let lastAttempt = Number.NEGATIVE_INFINITY;
  let lastPrune = now();

  const since = () => new Date(now() - REVOCATION_MEMORY_MS);

  function note(rows: RevokedSession[]) {
    for (const r of rows) revoked.set(r.id, r.revokedAt.getTime());
    if (now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now();
    const oldest = since().getTime();
    for (const [id, at] of revoked) if (at < oldest) revoked.delete(id);
  }

  function outOfStep() {
    generation++;
    inStep = false;
  }

  async function load(): Promise<void> {
    const gen = ++generation;
    inStep = false;
    lastAttempt = now();
    loading++;
    try {
      note(await repo.revokedSince(since()));
      if (gen === generation) inStep = true;
    } catch (e) {
      console.warn(`mentora: loading session revocations failed, checking sessions in the database meanwhile: ${(e as Error).message}`);
    } finally {
      loading--;
    }
  }

  async function loadAccount(userId: string) {
    try {
      note(await repo.revokedSince(since(), userId));
    } catch (e) {
      // What was revoked is not known here: back to reading sessions until a full load succeeds.
      outOfStep();
      console.warn(`mentora: loading the revocations of ${userId} failed: ${(e as Error).message}`);
    }
  }

  bus.subscribe("user:*", (e) => {
    // This instance applied its own revocations before publishing them.
    if (e.kind !== "revoked" || e.fromSelf) return;
    const userId = e.topic.slice("user:".length);
    if (e.id === userId) void loadAccount(userId);
    else note([{ id: e.id, userId, revokedAt: new Date(now()) }]);
  });

  /**
   * Publishes one revocation and waits (a little) until this instance hears it back: by then the
   * database has sent it to every instance listening, so a caller that answers after this has not
   * outrun the news. Not hearing it in time is no failure: the others hear it, or resync.
   */
  async function announce(userId: string, sessionId: string) {
    let off = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const heard = new Promise<void>((resolve) => {
      off = bus.subscribe(`user:${userId}`, (e) => {
        if (e.fromSelf && e.kind === "revoked" && e.id === sessionId) resolve();
      });
      timer = setTimeout(resolve, HEAR_OWN_EVENT_MS);
    });
    try {
      await bus.publish({ topic: `user:${userId}`, kind: "revoked", id: sessionId });
      await heard;
    } finally {
      off();
      clearTimeout(timer);
    }
  }
  bus.onLost(outOfStep);
  bus.onResync(() => void load());

  return {
    /** Loads the recent revocations; until it has, every check asks the database. */
    start: load,
    state(sessionId: string): SessionState {
      if (!inStep) {
        if (loading === 0 && now() - lastAttempt >= RETRY_SYNC_MS) void load();
        return "unknown";
      }
      return revoked.has(sessionId) ? "revoked" : "live";
    },
    /** Sessions whose revocation was just written: refused here at once, and on every instance once it hears. */
    async revoked(rows: RevokedSession[]): Promise<void> {
      note(rows);
      await Promise.all(rows.map((r) => announce(r.userId, r.id)));
    },
  };
}
export type Revocations = ReturnType<typeof createRevocations>;
