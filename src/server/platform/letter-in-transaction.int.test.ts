/**
 * A letter queued inside the business write's transaction (issue 29 §6, docs/decisions/0073), on
 * PGlite and PostgreSQL: rolled back, there is no letter (no job, no outbox row); committed, it is
 * there once, with the write it belongs to.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/setup/databases";
import { mailOutbox } from "../db/schema/mail";
import { inTransaction } from "../db/transaction";
import { createJobQueue, JOB_SCHEMA, type JobQueue } from "./jobs/queue";
import { queuedMailer } from "./letter-queue";
import { createMailer, type Mailer } from "./mail";

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const rollback = new Error("the business write failed");

describeEachDatabase("a letter queued in the business write's transaction", (t) => {
  let queue: JobQueue;
  let smtpMailer: Mailer;
  let outbox: Mailer;

  beforeAll(async () => {
    queue = createJobQueue(t.database, { pollMs: 500, log: silent });
    // Open before any transaction, as the app's start does (on PGlite a first use inside one would wait for the session it holds).
    await queue.counts();
    // No worker: the letters stay queued, nothing is sent.
    smtpMailer = queuedMailer(
      createMailer({ smtpUrl: "smtp://127.0.0.1:9", from: "test@example.com", db: t.db }),
      queue,
      { limit: 0, delaySeconds: 0 },
      "env-test",
    );
    outbox = createMailer({ from: "test@example.com", db: t.db });
  });
  afterAll(async () => {
    await queue.stop();
  });

  const jobsWith = async (key: string) =>
    (await t.db.execute(sql`select id, state from ${sql.raw(JOB_SCHEMA)}.job where name = 'letter' and id = ${key}::uuid`)) as unknown as {
      rows: Array<{ id: string; state: string }>;
    };
  const letter = (key: string) => ({ to: `tx-${key}@example.com`, subject: "Subject", text: "Text", key });
  /** Sends a letter with a new key in a transaction that then fails; the key, to look for what is left. */
  const sendRolledBack = async (mailer: Mailer) => {
    const key = randomUUID();
    await expect(
      inTransaction(t.db, async (tx) => {
        await mailer.send(letter(key), { tx });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    return key;
  };

  it("over SMTP: rolled back, no job; committed, one job, queued once even if sent twice", async () => {
    const lost = await sendRolledBack(smtpMailer);
    expect((await jobsWith(lost)).rows).toEqual([]);

    const kept = randomUUID();
    await inTransaction(t.db, async (tx) => {
      await smtpMailer.send(letter(kept), { tx });
      // Inside the transaction the job is there; the same key again is kept once.
      await smtpMailer.send(letter(kept), { tx });
      expect(((await tx.execute(sql`select id from ${sql.raw(JOB_SCHEMA)}.job where id = ${kept}::uuid`)) as unknown as { rows: unknown[] }).rows).toHaveLength(
        1,
      );
    });
    expect((await jobsWith(kept)).rows).toEqual([{ id: kept, state: "created" }]);
  });

  it("the outbox: rolled back, no row; committed, one row", async () => {
    const lost = await sendRolledBack(outbox);
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, `mail-${lost}`)),
    ).toEqual([]);

    const kept = randomUUID();
    await inTransaction(t.db, (tx) => outbox.send(letter(kept), { tx }));
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, `mail-${kept}`)),
    ).toHaveLength(1);
  });
});
