/**
 * End-to-end fixtures: the real app (built React Router SSR on Fastify, in-memory PGlite migrated
 * and seeded with the demo portal, cloned from the run's snapshot) on 127.0.0.1 with a free port, and Debian's Chromium driven by
 * playwright-core. Never downloads a browser: it needs `/usr/bin/chromium` and a prior
 * `npx react-router build`.
 *
 * Usage in a spec:
 *   const e2e = useE2E();
 *   it("...", async () => {
 *     const page = await e2e.open("/en/courses/");                      // a visitor who decided on cookies
 *     const mentor = await e2e.signIn("mentor");                        // an account of that role, signed in
 *     await e2e.open("/en/profile", { page: mentor.page });
 *   });
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { type Browser, type BrowserContext, type Locator, type Page, chromium } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { COOKIES } from "../../src/domain/constants";
import type { ROLES } from "../../src/domain/user";
import { type Config, parseConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import { users } from "../../src/server/db/schema/users";
import { buildApp } from "../../src/server/main";
import { openPgliteDatabase } from "../setup/databases";
import { uniqueEmail } from "../support/factories";

export const CHROMIUM_PATH = "/usr/bin/chromium";
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** The consent cookie of a visitor who decided on cookies and allowed nothing optional. */
export const NO_OPTIONAL_COOKIES = "analytics:0|youtube:0|vimeo:0|hotjar:0";

export interface NewPageOptions {
  /** Stored as the `lang` cookie before the first request. */
  lang?: string;
  /**
   * The cookie decision stored before the first request: `true` — decided, nothing optional (the
   * notice stays closed, videos are gated); a string — that `cookie-agreement` value; `false` or
   * absent — undecided (the notice shows).
   */
  consent?: boolean | string;
  /** Further cookies for the app's origin, by name. */
  cookies?: Record<string, string>;
  viewport?: { width: number; height: number };
  /** The browser's time zone (IANA name); the machine's when absent. */
  timezoneId?: string;
  /** Other origins the page may reach (local stand-ins of identity providers). */
  allowOrigins?: string[];
}

export interface OpenOptions extends NewPageOptions {
  /**
   * Navigate this page (and keep its context, e.g. a signed-in one) instead of a new one; then only
   * `status` and `hydrate` apply. Otherwise `lang` defaults to "en" and `consent` to true.
   */
  page?: Page;
  /** Fails unless the document answers with this status. */
  status?: number;
  /** Waits for React to hydrate (default true). */
  hydrate?: boolean;
}

export type Role = (typeof ROLES)[number];

export interface SignInOptions extends NewPageOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
}

export interface SignedIn {
  page: Page;
  context: BrowserContext;
  userId: string;
  email: string;
  password: string;
}

export interface AxeViolationSummary {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

export interface E2E {
  /** http://127.0.0.1:<port> of the running app. */
  readonly baseURL: string;
  readonly browser: Browser;
  readonly config: Config;
  readonly database: Database;
  /** An absolute URL of the app for a path like "/en/". */
  url(pathname: string): string;
  /** A fresh browser context (own cookie jar) and page; closed automatically in afterAll. */
  newPage(opts?: NewPageOptions): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * Opens a path of the app in a new page (English, cookies decided unless told otherwise) or in
   * `opts.page`, and waits for hydration.
   */
  open(pathname: string, opts?: OpenOptions): Promise<Page>;
  /**
   * A new page whose context holds the session cookies of a fresh account with that role: registered
   * by e-mail through the API (role disciple), other roles then granted on the user row. Not navigated.
   */
  signIn(role?: Role, opts?: SignInOptions): Promise<SignedIn>;
  /** Runs axe (WCAG 2.0/2.1 A and AA) and fails the test listing every serious or critical violation. */
  axeCheck(page: Page, label?: string): Promise<AxeViolationSummary[]>;
  /**
   * Every page of this handle's contexts reports its uncaught errors (`pageerror`) and the console's
   * hydration complaints; the test fails after it ends, naming each page and message. A test that
   * provokes a page error on purpose names it here (matched against the message), for this test only.
   */
  allowPageErrors(match: RegExp): void;
  /** The page errors and hydration complaints collected so far in this test (not yet allowed away). */
  pageErrors(): PageProblem[];
}

export interface PageProblem {
  url: string;
  kind: "pageerror" | "console";
  message: string;
}

/**
 * Console messages that mean the server's HTML and the first client render differed: React 19's
 * minified errors #418 (hydration failed), #423 (recovered by client rendering), #425 (text did not
 * match), and the development builds' wordings.
 */
export const HYDRATION_CONSOLE = /Minified React error #(418|423|425)\b|react\.dev\/errors\/(418|423|425)\b|Hydration failed|did not match|hydration/i;

/** A page's problems as one readable line each, for the failure message. */
export function formatPageProblems(list: PageProblem[]): string {
  return `${list.length} page error(s) or hydration warning(s):\n${list.map((p) => `  - [${p.kind}] ${p.url}\n      ${p.message.split("\n").slice(0, 6).join("\n      ")}`).join("\n")}`;
}

async function startApp(env: Record<string, string> = {}): Promise<{ app: FastifyInstance; database: Database; config: Config; baseURL: string }> {
  const buildEntry = path.join(process.cwd(), process.env.MENTORA_BUILD_DIR || "build", "server", "index.js");
  if (!existsSync(buildEntry)) throw new Error(`No server build at ${buildEntry}: run \`npx react-router build\` first`);
  // Only what the e2e run needs: never the developer's DATABASE_URL or DATA_DIR.
  const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", HOST: "127.0.0.1", PORT: "0", SEED_DEMO: "true", MENTORA_DEV: "0", ...env });
  const database = await openPgliteDatabase(config);
  try {
    const app = await buildApp({ config, database, ssr: true, logger: false });
    // PORT 0 unless the spec names one (a PUBLIC_URL with the app's own port needs it known beforehand).
    await app.listen({ host: "127.0.0.1", port: config.PORT });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("the app did not bind a TCP port");
    return { app, database, config, baseURL: `http://127.0.0.1:${address.port}` };
  } catch (e) {
    await database.close().catch(() => undefined);
    throw e;
  }
}

/** Debian's Chromium, headless, as every spec drives it (also for specs that start their own servers). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Debian's Chromium is missing at ${CHROMIUM_PATH} (apt-get install chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

function formatViolations(label: string, list: AxeViolationSummary[]): string {
  const lines = list.map((v) => `  - [${v.impact}] ${v.id}: ${v.help}\n      ${v.targets.join("\n      ")}`);
  return `axe found ${list.length} serious/critical violation(s) on ${label}:\n${lines.join("\n")}`;
}

/**
 * MENTORA_FAILURE_SHOTS names a folder: a failed test leaves a screenshot of every page still open
 * there, as it stood when the test gave up (what a CI failure or an old build looked like).
 */
const FAILURE_SHOTS = process.env.MENTORA_FAILURE_SHOTS;

async function shootOpenPages(contexts: Iterable<BrowserContext>, testName: string) {
  if (!FAILURE_SHOTS) return;
  mkdirSync(FAILURE_SHOTS, { recursive: true });
  const stem = testName.replace(/[^\p{L}\p{N}]+/gu, "-").slice(0, 120);
  const pages = [...contexts].flatMap((c) => c.pages());
  await Promise.allSettled(pages.map((page, i) => page.screenshot({ path: path.join(FAILURE_SHOTS, `${stem}-${i}.png`), fullPage: true, timeout: 10_000 })));
}

/**
 * Registers beforeAll/afterAll for one spec file and returns the handle the tests use. `env` adds
 * settings (e.g. SMTP_URL of a server a spec starts in an earlier beforeAll), read when the app starts.
 */
export function useE2E(env: () => Record<string, string> | Promise<Record<string, string>> = () => ({})): E2E {
  let app: FastifyInstance | undefined;
  let database: Database | undefined;
  let config: Config | undefined;
  let browser: Browser | undefined;
  let baseURL = "";
  const contexts = new Set<BrowserContext>();
  let problems: PageProblem[] = [];
  let allowed: RegExp[] = [];
  const watch = (page: Page) => {
    page.on("pageerror", (error) => problems.push({ url: page.url(), kind: "pageerror", message: `${error.name}: ${error.message}\n${error.stack ?? ""}` }));
    page.on("console", (msg) => {
      if ((msg.type() === "error" || msg.type() === "warning") && HYDRATION_CONSOLE.test(msg.text()))
        problems.push({ url: page.url(), kind: "console", message: msg.text() });
    });
  };
  const unallowed = () => problems.filter((p) => !allowed.some((re) => re.test(p.message)));

  afterEach(async ({ task }) => {
    if (FAILURE_SHOTS && task.result?.state === "fail") await shootOpenPages(contexts, task.fullName);
    // A hydration error is reported a moment after the page's scripts run: let the last page settle.
    if (problems.length === 0) await new Promise((r) => setTimeout(r, 50));
    const found = unallowed();
    problems = [];
    allowed = [];
    expect(found, formatPageProblems(found)).toEqual([]);
  });

  beforeAll(async () => {
    const started = await startApp(await env());
    ({ app, database, config, baseURL } = started);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    // Contexts first, then the browser, then the server (idle keep-alive sockets are closed by
    // Fastify), then the database: nothing is left that keeps the worker alive.
    await Promise.allSettled([...contexts].map((c) => c.close()));
    contexts.clear();
    await browser?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`e2e fixture: ${what} is not ready (beforeAll failed?)`);
    return value;
  };

  const handle: E2E = {
    get baseURL() {
      return need(baseURL || undefined, "server");
    },
    get browser() {
      return need(browser, "browser");
    },
    get config() {
      return need(config, "config");
    },
    get database() {
      return need(database, "database");
    },
    url(pathname: string) {
      return new URL(pathname, need(baseURL || undefined, "server")).toString();
    },
    async newPage(opts: NewPageOptions = {}) {
      const origin = need(baseURL || undefined, "server");
      // axe-core/playwright needs a context made with newContext(), not browser.newPage().
      const context = await need(browser, "browser").newContext({
        baseURL: origin,
        viewport: opts.viewport ?? { width: 1280, height: 800 },
        locale: "en-US",
        ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
      });
      contexts.add(context);
      context.on("close", () => contexts.delete(context));
      // Every page of the context, the first and any it opens (popups, new tabs), reports its errors.
      context.on("page", watch);
      // The suite is offline: third-party requests (e.g. the YouTube frame) are refused at once
      // instead of waiting for a network that is not there.
      await context.route(
        (u) => u.origin !== origin && !(opts.allowOrigins ?? []).includes(u.origin) && (u.protocol === "http:" || u.protocol === "https:"),
        (route) => route.abort("blockedbyclient"),
      );
      const consent = opts.consent === true ? NO_OPTIONAL_COOKIES : opts.consent || undefined;
      const cookies = { ...(opts.lang ? { lang: opts.lang } : {}), ...(consent ? { [COOKIES.consent]: consent } : {}), ...opts.cookies };
      if (Object.keys(cookies).length > 0) {
        await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: origin })));
      }
      const page = await context.newPage();
      return { context, page };
    },
    async open(pathname: string, opts: OpenOptions = {}) {
      const page = opts.page ?? (await handle.newPage({ ...opts, lang: opts.lang ?? "en", consent: opts.consent ?? true })).page;
      const res = await page.goto(handle.url(pathname));
      if (opts.status !== undefined) expect(res?.status(), pathname).toBe(opts.status);
      if (opts.hydrate ?? true) await waitForHydration(page);
      return page;
    },
    async signIn(role: Role = "disciple", opts: SignInOptions = {}) {
      const { page, context } = await handle.newPage({ ...opts, lang: opts.lang ?? "en", consent: opts.consent ?? true });
      const email = opts.email ?? uniqueEmail(role);
      const password = opts.password ?? "secret-password-12";
      // The context's request client shares the page's cookie jar: the session cookies land there.
      const res = await context.request.post(handle.url("/api/auth/register"), {
        data: { email, password, firstName: opts.firstName ?? "Deniz", lastName: opts.lastName ?? "Kaya", agree: true },
        headers: { origin: handle.baseURL },
      });
      expect(res.status(), await res.text()).toBe(200);
      const { userId } = (await res.json()) as { userId: string };
      if (role !== "disciple") {
        await handle.database.db
          .update(users)
          .set({ roles: ["disciple", role] })
          .where(eq(users.id, userId));
      }
      return { page, context, userId, email: email.toLowerCase(), password };
    },
    async axeCheck(page: Page, label?: string) {
      const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      const serious = result.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) => `${n.target.join(" ")}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, " ")}` : ""}`),
        }));
      expect(serious, formatViolations(label ?? page.url(), serious)).toEqual([]);
      return serious;
    },
    allowPageErrors(match: RegExp) {
      allowed.push(match);
    },
    pageErrors() {
      return unallowed();
    },
  };
  return handle;
}

/** Resolves once React has hydrated the document (event handlers are attached). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const body = document.body;
    return !!body && Object.keys(body).some((k) => k.startsWith("__reactFiber") || k.startsWith("__reactProps"));
  });
}

/**
 * Resolves once React has hydrated this element: a lazy part (behind Suspense) hydrates after the
 * document does, and a click on it before then does nothing.
 */
export async function waitForHydrated(element: Locator): Promise<void> {
  await expect.poll(() => element.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps")))).toBe(true);
}
