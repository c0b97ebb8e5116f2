/**
 * Helpers for the auth and users integration tests: a cookie-keeping client over `app.inject`,
 * Set-Cookie parsing, registration/login shortcuts and a real SMTP server that collects letters.
 * Not a test file itself (no `.test.` in the name).
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { desc, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { expect } from "vitest";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema/mail";

// --- cookies --------------------------------------------------------------------------------------

export interface SetCookie {
  name: string;
  value: string;
  path?: string;
  maxAge?: number;
  expires?: Date;
  httpOnly: boolean;
  secure: boolean;
  sameSite?: string;
  raw: string;
}

/** Every Set-Cookie header of a response, parsed by hand (name=value; attributes). */
export function setCookies(res: LightMyRequestResponse): SetCookie[] {
  const header = res.headers["set-cookie"];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  return lines.map((raw) => {
    const [pair, ...attrs] = raw.split(";").map((s) => s.trim());
    const eq = pair.indexOf("=");
    const cookie: SetCookie = {
      name: pair.slice(0, eq),
      value: decodeURIComponent(pair.slice(eq + 1)),
      httpOnly: false,
      secure: false,
      raw,
    };
    for (const attr of attrs) {
      const i = attr.indexOf("=");
      const key = (i < 0 ? attr : attr.slice(0, i)).toLowerCase();
      const val = i < 0 ? "" : attr.slice(i + 1);
      if (key === "path") cookie.path = val;
      else if (key === "max-age") cookie.maxAge = Number(val);
      else if (key === "expires") cookie.expires = new Date(val);
      else if (key === "httponly") cookie.httpOnly = true;
      else if (key === "secure") cookie.secure = true;
      else if (key === "samesite") cookie.sameSite = val;
    }
    return cookie;
  });
}

/** A cookie the response removes: empty value and expired (Max-Age 0 or Expires in the past). */
export function isCleared(c: SetCookie | undefined): boolean {
  if (!c) return false;
  return c.value === "" && (c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now()));
}

/** The last Set-Cookie of that name (what a browser keeps), or undefined. */
export function setCookie(res: LightMyRequestResponse, name: string): SetCookie | undefined {
  return setCookies(res)
    .filter((c) => c.name === name)
    .at(-1);
}

/** name -> value of the cookies a response sets (cleared ones left out). */
export function cookiesOf(res: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of setCookies(res)) {
    if (isCleared(c)) delete out[c.name];
    else out[c.name] = c.value;
  }
  return out;
}

export function cookieHeader(jar: Record<string, string>): string {
  return Object.entries(jar)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("; ");
}

// --- clients --------------------------------------------------------------------------------------

let ipCounter = 0;
/**
 * A client address of its own: the rate limits count per address, and every inject otherwise comes
 * from 127.0.0.1, so unrelated tests would share (and exhaust) one counter.
 */
export function uniqueIp(): string {
  ipCounter++;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

export function uniqueUsername(prefix = "anon"): string {
  return `${prefix}_${randomBytes(5).toString("hex")}`;
}

export function uniquePhone(): string {
  // + and 12 digits, unique enough for a run.
  return `+90${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
}

export const PASSWORD = "correct horse battery";

/** A browser: one client address, a cookie jar fed by Set-Cookie, a Host header. */
export class Browser {
  readonly jar: Record<string, string> = {};
  readonly ip: string;
  readonly host: string;

  constructor(
    readonly app: FastifyInstance,
    opts: { ip?: string; host?: string } = {},
  ) {
    this.ip = opts.ip ?? uniqueIp();
    this.host = opts.host ?? "localhost";
  }

  async request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { host: this.host };
    const cookie = cookieHeader(this.jar);
    if (cookie) headers.cookie = cookie;
    const res = await this.app.inject({ ...opts, remoteAddress: this.ip, headers: { ...headers, ...(opts.headers as Record<string, string>) } });
    for (const c of setCookies(res)) {
      if (isCleared(c)) delete this.jar[c.name];
      else this.jar[c.name] = c.value;
    }
    return res;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: "GET", url, headers });
  }
  post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({ method: "POST", url, payload: payload as InjectOptions["payload"], headers });
  }
  put(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({ method: "PUT", url, payload: payload as InjectOptions["payload"], headers });
  }
  patch(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({ method: "PATCH", url, payload: payload as InjectOptions["payload"], headers });
  }
  me() {
    return this.get("/api/users/me");
  }
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  userId: string;
  expiresIn: number;
}

export interface Registered extends Tokens {
  email: string;
  password: string;
  browser: Browser;
  res: LightMyRequestResponse;
}

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return { email: uniqueEmail(), password: PASSWORD, firstName: "Ann", lastName: "Lee", agree: true, ...overrides };
}

/** Registers by e-mail through the API and checks it worked; the browser keeps the cookies. */
export async function register(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  browser: Browser = new Browser(app),
): Promise<Registered> {
  const body = signUpBody(overrides);
  const res = await browser.post("/api/auth/register", body);
  expect(res.statusCode, res.body).toBe(200);
  const tokens = res.json() as Tokens;
  return { ...tokens, email: String(body.email).trim().toLowerCase(), password: String(body.password), browser, res };
}

/** Signs in by e-mail (new browser unless given) and checks it worked. */
export async function login(app: FastifyInstance, email: string, password: string, browser: Browser = new Browser(app)) {
  const res = await browser.post("/api/auth/login", { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return { ...(res.json() as Tokens), browser, res };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** GET /api/users/me with only a bearer token (no cookies), from an address of its own. */
export function meWithBearer(app: FastifyInstance, token: string) {
  return app.inject({ method: "GET", url: "/api/users/me", headers: bearer(token), remoteAddress: uniqueIp() });
}

/** GET /api/users/me with only an access cookie. */
export function meWithCookie(app: FastifyInstance, cookies: Record<string, string>) {
  return app.inject({ method: "GET", url: "/api/users/me", headers: { cookie: cookieHeader(cookies) }, remoteAddress: uniqueIp() });
}

/** Asserts the seed's error shape: status and wire code. */
export function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.error.code).toBe(code);
  expect(typeof body.error.key).toBe("string");
  return body.error as { code: string; message: string; key: string; details?: unknown };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// --- mail -----------------------------------------------------------------------------------------

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
      enc.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
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
      parts.push({ type: (h["content-type"] ?? "text/plain").split(";")[0].trim().toLowerCase(), text: decodeBody(pb.replace(/\r?\n$/, ""), h["content-transfer-encoding"]) });
    }
  } else {
    parts.push({ type: (headers["content-type"] ?? "text/plain").split(";")[0].trim().toLowerCase(), text: decodeBody(body, headers["content-transfer-encoding"]) });
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
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (random port), no TLS, no auth required; letters are parsed. */
export async function startSmtp(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<{ to: string; has?: string; resolve: (m: ReceivedMail) => void }> = [];
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
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
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
