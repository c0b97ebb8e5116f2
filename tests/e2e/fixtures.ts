/**
 * End-to-end fixtures: the real app (built React Router SSR on Fastify, in-memory PGlite migrated
 * and seeded with the demo portal) on 127.0.0.1 with a free port, and Debian's Chromium driven by
 * playwright-core. Never downloads a browser: it needs `/usr/bin/chromium` and a prior
 * `npx react-router build`.
 *
 * Usage in a spec:
 *   const e2e = useE2E();
 *   it("...", async () => { const { page } = await e2e.newPage({ lang: "en" }); await page.goto(e2e.url("/")); });
 */
import { existsSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { FastifyInstance } from "fastify";
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { type Config, parseConfig } from "../../src/server/config";
import { type Database, openDatabase } from "../../src/server/db/client";
import { seedDemo } from "../../src/server/db/seed/demo";
import { buildApp } from "../../src/server/main";

export const CHROMIUM_PATH = "/usr/bin/chromium";
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export interface NewPageOptions {
  /** Stored as the `lang` cookie before the first request. */
  lang?: string;
  /** Further cookies for the app's origin, by name. */
  cookies?: Record<string, string>;
  viewport?: { width: number; height: number };
  /** Other origins the page may reach (local stand-ins of identity providers). */
  allowOrigins?: string[];
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
  /** Runs axe (WCAG 2.0/2.1 A and AA) and fails the test listing every serious or critical violation. */
  axeCheck(page: Page, label?: string): Promise<AxeViolationSummary[]>;
}

async function startApp(env: Record<string, string> = {}): Promise<{ app: FastifyInstance; database: Database; config: Config; baseURL: string }> {
  const buildEntry = path.join(process.cwd(), process.env.MENTORA_BUILD_DIR || "build", "server", "index.js");
  if (!existsSync(buildEntry)) throw new Error(`No server build at ${buildEntry}: run \`npx react-router build\` first`);
  // Only what the e2e run needs: never the developer's DATABASE_URL or DATA_DIR.
  const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", HOST: "127.0.0.1", PORT: "0", SEED_DEMO: "true", MENTORA_DEV: "0", ...env });
  const database = await openDatabase({ dataDir: null });
  try {
    await database.migrate();
    await seedDemo(database.db, config);
    const app = await buildApp({ config, database, ssr: true, logger: false });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("the app did not bind a TCP port");
    return { app, database, config, baseURL: `http://127.0.0.1:${address.port}` };
  } catch (e) {
    await database.close().catch(() => undefined);
    throw e;
  }
}

async function launchBrowser(): Promise<Browser> {
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
 * Registers beforeAll/afterAll for one spec file and returns the handle the tests use. `env` adds
 * settings (e.g. SMTP_URL of a server a spec starts in an earlier beforeAll), read when the app starts.
 */
export function useE2E(env: () => Record<string, string> = () => ({})): E2E {
  let app: FastifyInstance | undefined;
  let database: Database | undefined;
  let config: Config | undefined;
  let browser: Browser | undefined;
  let baseURL = "";
  const contexts = new Set<BrowserContext>();

  beforeAll(async () => {
    const started = await startApp(env());
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

  return {
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
      });
      contexts.add(context);
      context.on("close", () => contexts.delete(context));
      // The suite is offline: third-party requests (e.g. the YouTube frame) are refused at once
      // instead of waiting for a network that is not there.
      await context.route(
        (u) => u.origin !== origin && !(opts.allowOrigins ?? []).includes(u.origin) && (u.protocol === "http:" || u.protocol === "https:"),
        (route) => route.abort("blockedbyclient"),
      );
      const cookies = { ...(opts.lang ? { lang: opts.lang } : {}), ...opts.cookies };
      if (Object.keys(cookies).length > 0) {
        await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: origin })));
      }
      const page = await context.newPage();
      return { context, page };
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
  };
}

/** Resolves once React has hydrated the document (event handlers are attached). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const body = document.body;
    return !!body && Object.keys(body).some((k) => k.startsWith("__reactFiber") || k.startsWith("__reactProps"));
  });
}
