import { randomBytes } from "node:crypto";

/** The course whose elements the learner scenarios read: free, sequential, seeded by the demo. */
export const BENCH_COURSE = "reading-foundations";

/** The password of every learner the bench registers. */
export const BENCH_LEARNER_PASSWORD = "bench learner password";

export interface SignedInLearner {
  email: string;
  accessToken: string;
  /** Bearer header for API scenarios; page scenarios send the same token as the apollo-token cookie. */
  headers: Record<string, string>;
  cookie: string;
}

export async function call(url: string, init: RequestInit & { json?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { ...(init.json !== undefined ? { "content-type": "application/json" } : {}) };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(url, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : undefined });
  const body = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url} answered ${res.status}: ${body.slice(0, 200)}`);
  return JSON.parse(body) as Record<string, unknown>;
}

/**
 * A learner registered through the API on a running server, with real progress: the first element
 * of the bench course is finished, so states come from the progress map rather than the defaults.
 * The access token lives 15 minutes, longer than all scenarios on one server.
 */
export async function signInLearner(base: string): Promise<SignedInLearner> {
  const email = `bench-${randomBytes(6).toString("hex")}@example.com`;
  const tokens = await call(`${base}/api/auth/register`, {
    method: "POST",
    json: { email, password: BENCH_LEARNER_PASSWORD, firstName: "Bench", lastName: "Learner", agree: true },
  });
  const accessToken = String(tokens.accessToken);
  await call(`${base}/api/progress/elements/rf-slow-reading/finish`, { method: "POST", token: accessToken });
  return { email, accessToken, headers: { authorization: `Bearer ${accessToken}` }, cookie: `apollo-token=${accessToken}` };
}
