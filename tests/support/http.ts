/**
 * HTTP helpers for tests that speak to an app through `app.inject`: Set-Cookie parsing, a
 * cookie-keeping `Browser` with an address of its own, bearer/cookie shortcuts and the checks of
 * the app's reply shapes.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

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

/** A fixed pause: only where no condition can be awaited (e.g. proving that nothing arrives). */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Checks the status and returns the parsed JSON body. */
export const json = <T = Record<string, unknown>>(res: { statusCode: number; body: string; json: () => unknown }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
