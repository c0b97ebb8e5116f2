import { randomUUID } from "node:crypto";
import { desc } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema/mail";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The letter's send key (a UUID): the same key is queued and sent once. A fresh one when absent. */
  key?: string;
}

/** Where a letter is written: `tx`, the caller's transaction, makes it part of the business write (docs/decisions/0073). */
export interface SendIn {
  tx?: Db;
}

export interface Mailer {
  kind: "smtp" | "outbox";
  /** Queues (SMTP) or keeps (outbox) the letter; with `in.tx`, in that transaction: rolled back, no letter. */
  send(mail: Mail, into?: SendIn): Promise<void>;
  /** The latest outbox letters (empty when mail goes over SMTP). */
  outbox(limit?: number): Promise<Array<Mail & { id: string; createdAt: string }>>;
}

/**
 * The same mailer, counting each letter as sent (SMTP accepted it, or it is in the outbox) or failed
 * (the app's metrics, platform/metrics.ts); the failure still reaches the caller.
 */
export function countedMailer(mailer: Mailer, count: (outcome: "sent" | "failed") => void): Mailer {
  return {
    ...mailer,
    async send(mail, into) {
      try {
        await mailer.send(mail, into);
      } catch (e) {
        count("failed");
        throw e;
      }
      count("sent");
    },
  };
}

/**
 * SMTP when SMTP_URL is set; otherwise letters are kept in the database outbox. The SMTP kind sends at
 * once: the app wraps it in queuedMailer (docs/decisions/0070), whose worker calls this one.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: "smtp",
      async send({ key, ...mail }) {
        // The send key as Message-ID: a letter sent again after a lost answer is the same letter to the receiver.
        await transport.sendMail({ from: opts.from, ...mail, ...(key ? { messageId: `<${key}@mentora>` } : {}) });
      },
      async outbox() {
        return [];
      },
    };
  }
  return {
    kind: "outbox",
    async send({ key, ...mail }, into) {
      await (into?.tx ?? opts.db)
        .insert(mailOutbox)
        .values({ id: `mail-${key ?? randomUUID()}`, ...mail })
        .onConflictDoNothing();
    },
    async outbox(limit = 50) {
      const rows = await opts.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
      return rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html ?? undefined, createdAt: r.createdAt.toISOString() }));
    },
  };
}
