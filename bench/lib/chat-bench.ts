import { measureDelivery, mentoraPairs, relayPairs, type DeliveryPair } from "./chat-delivery";
import type { BenchResults } from "./results";
import { createBenchDatabase, startMentoraPostgres, startServer } from "./servers";
import { DEMO_MENTOR_LOGINS } from "./demo-mentors";

const WARMUP_SECONDS = 3;
/**
 * Two instances of one process each. The pairs' learners register from one address, so the
 * registration window is shortened; each learner sends 60 a minute, over the default 20, so the send
 * limit is raised. Both limits still count every request through the shared counters.
 */
const INSTANCE_ENV = { WORKERS: "1", RATE_LIMIT_WINDOW_MS: "100", CHAT_SENDS_PER_MINUTE: "120" };

async function closing<T>(pairs: DeliveryPair[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    for (const p of pairs) p.receiver.terminate();
  }
}

/**
 * The chat part: the bare relay first, then Mentora as two instances on one fresh PostgreSQL database
 * (learners send through A, mentors listen on B), one after the other so they never share the cores.
 */
export async function chatDelivery(pairCount: number, seconds: number, pgAdminUrl: string, results: BenchResults): Promise<void> {
  const relay = await startServer("chat relay", "bench/chat-relay-server.ts", {}, "/");
  try {
    console.log(`bench: chat delivery · bare relay: ${pairCount} pairs, ${seconds} s`);
    const pairs = await relayPairs(relay.url, pairCount);
    results.chat.relay = await closing(pairs, () => measureDelivery(pairs, seconds, WARMUP_SECONDS));
  } finally {
    await relay.stop();
  }

  const database = await createBenchDatabase(pgAdminUrl);
  try {
    const a = await startMentoraPostgres(database.url, INSTANCE_ENV);
    const b = await startMentoraPostgres(database.url, INSTANCE_ENV);
    try {
      console.log(`bench: chat delivery · Mentora, two instances on PostgreSQL: setting up ${pairCount} learner-mentor pairs`);
      const pairs = await mentoraPairs(a.url, b.url, pairCount, DEMO_MENTOR_LOGINS);
      // The instances' addresses, so a run "while loaded" can aim a parallel load at A.
      console.log(`bench: chat delivery · Mentora: ${pairCount} pairs, ${seconds} s (A ${a.url}, B ${b.url})`);
      results.chat.mentora = await closing(pairs, () => measureDelivery(pairs, seconds, WARMUP_SECONDS));
    } finally {
      await b.stop();
      await a.stop();
    }
  } finally {
    await database.drop();
  }
}
