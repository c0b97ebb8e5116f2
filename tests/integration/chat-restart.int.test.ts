/**
 * A crash while a learner is sending (issue 12 "Robustness"): the app process is SIGKILLed between
 * two sends; once it is back the client resends every message it has no answer for (here: all of
 * them, the answered ones too), and the chat holds every message exactly once. Real processes on
 * PostgreSQL: `npm run build` first (npm test does).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresClone, databaseKinds } from "../setup/databases";
import { defaultSeedIds } from "../setup/pglite-snapshot";
import { signUpBody } from "../support/factories";
import { startInstances, type Instances } from "../support/instances";
import { uniqueIp } from "../support/http";

interface Sent {
  status: number | "lost";
  body?: { id?: string; accessToken?: string; userId?: string; edges?: Array<{ node: { id: string; text: string } }>; pageInfo?: { hasPreviousPage: boolean } };
}

async function call(base: string, method: string, path: string, client: string, json?: unknown, token?: string): Promise<Sent> {
  const headers: Record<string, string> = { "x-forwarded-for": client };
  if (json !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    const res = await fetch(base + path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json), signal: AbortSignal.timeout(10_000) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {} };
  } catch {
    // The process died with the request in flight, or is not listening: the client does not know.
    return { status: "lost" };
  }
}

const ENV = { CHAT_SENDS_PER_MINUTE: "1000" };

describe.runIf(databaseKinds().includes("postgres"))("a chat survives a SIGKILL while the learner sends", () => {
  let clone: Awaited<ReturnType<typeof createPostgresClone>> | undefined;
  const clusters: Instances[] = [];

  beforeAll(async () => {
    clone = await createPostgresClone(defaultSeedIds());
  }, 60_000);
  afterAll(async () => {
    for (const c of clusters) await c.stop();
    await clone?.drop();
  });

  it("every message is in the chat exactly once after the client resends by id", { timeout: 180_000 }, async () => {
    const first = await startInstances(1, { DATABASE_URL: clone!.url, ...ENV });
    clusters.push(first);
    const base = first.instances[0]!.url;
    const client = uniqueIp();
    const reg = await call(base, "POST", "/api/auth/register", client, signUpBody());
    expect(reg.status).toBe(200);
    const { accessToken: token, userId } = reg.body as { accessToken: string; userId: string };
    const made = await call(base, "POST", "/api/chats", client, { learningPortalId: defaultSeedIds().PORTAL_ID, studentId: userId }, token);
    expect(made.status).toBe(201);
    const chatId = made.body!.id!;

    const messages = Array.from({ length: 12 }, (_, i) => ({ id: `lpmmsg:restart-${Date.now()}-${i}`, text: `Message ${i + 1}` }));
    const outcomes: Array<Sent["status"]> = [];
    for (const [i, m] of messages.entries()) {
      if (i === 6) {
        // The seventh is in flight when the process dies.
        const inFlight = call(base, "POST", `/api/chats/${chatId}/messages`, client, m, token);
        await first.kill(0);
        outcomes.push((await inFlight).status);
        continue;
      }
      outcomes.push((await call(base, "POST", `/api/chats/${chatId}/messages`, client, m, token)).status);
    }
    expect(outcomes.slice(0, 6)).toEqual(Array(6).fill(201));
    expect(outcomes.slice(7)).toEqual(Array(5).fill("lost"));

    const second = await startInstances(1, { DATABASE_URL: clone!.url, ...ENV });
    clusters.push(second);
    const again = second.instances[0]!.url;
    // The client resends everything (its pending ones, and to be sure the answered ones too).
    for (const m of messages) {
      const res = await call(again, "POST", `/api/chats/${chatId}/messages`, client, m, token);
      expect([200, 201], `${m.id}: ${JSON.stringify(res.body)}`).toContain(res.status);
      expect(res.body!.id).toBe(m.id);
    }
    const page = await call(again, "GET", `/api/chats/${chatId}/messages?limit=20`, client, undefined, token);
    const ids = page.body!.edges!.map((e) => e.node.id);
    expect(ids.filter((id) => id.startsWith("lpmmsg:restart-")).sort()).toEqual(messages.map((m) => m.id).sort());
    expect(new Set(ids).size).toBe(ids.length);
  });
});
