/**
 * Mail capture for tests: a real SMTP server that collects and parses letters, the links inside
 * them, and the outbox of an app that has no SMTP server configured.
 */
import type { AddressInfo } from "node:net";
import { desc, eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import type { Db } from "../../src/server/db/client";
import { mailOutbox } from "../../src/server/db/schema/mail";
import { JOB_SCHEMA } from "../../src/server/platform/jobs/queue";
import { sleep } from "./http";

export interface ReceivedMail {
  /** SMTP envelope recipients (RCPT TO). */
  rcptTo: string[];
  mailFrom: string;
  raw: string;
  headers: Record<string, string>;
  subject: string;
  to: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? "7bit").toLowerCase();
  if (enc === "quoted-printable") return decodeQuotedPrintable(body);
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= / =?UTF-8?Q?...?=), adjacent words joined. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function parseHeaders(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  const unfolded = block.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

function splitHead(raw: string): [string, string] {
  const m = /\r?\n\r?\n/.exec(raw);
  return m ? [raw.slice(0, m.index), raw.slice(m.index + m[0].length)] : [raw, ""];
}

/** A small MIME reader: enough for nodemailer's text + html multipart/alternative letters. */
export function parseMail(raw: string, envelope: { rcptTo: string[]; mailFrom: string }): ReceivedMail {
  const [head, body] = splitHead(raw);
  const headers = parseHeaders(head);
  const parts: Array<{ type: string; text: string }> = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      const [ph, pb] = splitHead(chunk.replace(/^\r?\n/, ""));
      const h = parseHeaders(ph);
      parts.push({
        type: (h["content-type"] ?? "text/plain").split(";")[0].trim().toLowerCase(),
        text: decodeBody(pb.replace(/\r?\n$/, ""), h["content-transfer-encoding"]),
      });
    }
  } else {
    parts.push({
      type: (headers["content-type"] ?? "text/plain").split(";")[0].trim().toLowerCase(),
      text: decodeBody(body, headers["content-transfer-encoding"]),
    });
  }
  return {
    ...envelope,
    raw,
    headers,
    subject: decodeWords(headers.subject ?? ""),
    to: decodeWords(headers.to ?? ""),
    text: parts.find((p) => p.type === "text/plain")?.text ?? "",
    html: parts.find((p) => p.type === "text/html")?.text ?? "",
  };
}

export interface SmtpSink {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first letter (already received or arriving) to `to`, whose text contains `has` when given. */
  waitFor(to: string, timeoutMs?: number, has?: string): Promise<ReceivedMail>;
  /** Resolves with the first non-undefined `check(messages)`, re-checked as each letter arrives. */
  until<T>(check: (messages: ReceivedMail[]) => T | undefined, what: string, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (random port, or `port`: a sink started again where a closed one
 * was, as a mail server comes back), no TLS, no auth required; letters are parsed.
 */
export async function startSmtp(opts: { port?: number } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<{ to: string; has?: string; resolve: (m: ReceivedMail) => void }> = [];
  const watchers = new Set<() => void>();
  const matches = (m: ReceivedMail, to: string, has?: string) => m.rcptTo.includes(to) && (has === undefined || m.text.includes(has));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const envelope = {
          rcptTo: session.envelope.rcptTo.map((a) => a.address),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        };
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"), envelope);
        messages.push(mail);
        for (const w of waiters.splice(0)) {
          if (matches(mail, w.to, w.has)) w.resolve(mail);
          else waiters.push(w);
        }
        for (const watch of [...watchers]) watch();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(to, timeoutMs = 5_000, has) {
      const found = messages.find((m) => matches(m, to, has));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no letter to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          to,
          has,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    until(check, what, timeoutMs = 5_000) {
      const now = check(messages);
      if (now !== undefined) return Promise.resolve(now);
      return new Promise((resolve, reject) => {
        const watch = () => {
          const found = check(messages);
          if (found === undefined) return;
          watchers.delete(watch);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          watchers.delete(watch);
          reject(new Error(`${what}: not within ${timeoutMs} ms`));
        }, timeoutMs);
        watchers.add(watch);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The pwdtoken of the reset link in a letter, with the whole link. */
export function resetLinkOf(text: string): { link: string; url: URL; token: string } {
  const link = /https?:\/\/\S*pwdtoken=[^\s"<]+/.exec(text)?.[0];
  if (!link) throw new Error(`no reset link in: ${text}`);
  const url = new URL(link);
  return { link, url, token: url.searchParams.get("pwdtoken")! };
}

/** The emailtoken of the verification link in a letter, with the whole link. */
export function verifyLinkOf(text: string): { link: string; url: URL; token: string } {
  const link = /https?:\/\/\S*emailtoken=[^\s"<]+/.exec(text)?.[0];
  if (!link) throw new Error(`no verification link in: ${text}`);
  const url = new URL(link);
  return { link, url, token: url.searchParams.get("emailtoken")! };
}

/**
 * The newest verification token mailed to `to` through the outbox (an app without SMTP_URL keeps its
 * letters there); letters go out after the reply, so this waits a little for one to land.
 */
export async function outboxVerifyToken(db: Db, to: string, timeoutMs = 5_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
    const letter = rows.find((r) => r.text.includes("emailtoken="));
    if (letter) return verifyLinkOf(letter.text).token;
    if (Date.now() > until) throw new Error(`no verification letter to ${to} in the outbox`);
    await sleep(25);
  }
}

/**
 * Resolves once no letter waits in the job queue (none new, to retry or being sent): every letter
 * queued before the call has reached the SMTP server or failed for good (docs/decisions/0070). The
 * queue must have been used on this database (its tables are made at first use).
 */
export async function lettersSettled(db: Db, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const result = await db.execute(
      sql.raw(`select count(*)::int as n from ${JOB_SCHEMA}.job where name = 'letter' and state in ('created', 'retry', 'active')`),
    );
    if ((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n === 0) return;
    if (Date.now() > until) throw new Error(`letters still queued after ${timeoutMs} ms`);
    await sleep(25);
  }
}
