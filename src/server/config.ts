import { availableParallelism } from "node:os";
import { z } from "zod";
import { GATEWAYS, type TGateway } from "../domain/order";
import { isLoopbackHost } from "./platform/loopback";

/** Provider endpoints: https, or plain http only on this machine (local stand-ins in tests). */
const ZProviderUrl = z
  .string()
  .url()
  .refine(
    (v) => {
      const u = new URL(v);
      return u.protocol === "https:" || (u.protocol === "http:" && isLoopbackHost(u.hostname));
    },
    { message: "must be https:// (http:// only for localhost or 127.0.0.1)" },
  );

const ZConfig = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\/[^/\s]+(\/[^\s]*)?$/.test(v), {
      message: "DATABASE_URL must look like postgres://user@host:5432/dbname",
    }),
  DATA_DIR: z.string().min(1).default("./data"),
  PORTAL_ID: z
    .string()
    .regex(/^[a-z0-9-]{2,64}$/, "PORTAL_ID must be 2-64 of a-z, 0-9 and -")
    .default("lp-mentora"),
  ENVIRONMENT_ID: z
    .string()
    .regex(/^[a-z0-9-]{2,64}$/, "ENVIRONMENT_ID must be 2-64 of a-z, 0-9 and -")
    .default("env-mentora"),
  /** Absolute base of every link we hand out; required in production (see platform/public-origin.ts). */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\/[^/?#\s]+\/?$/.test(v), { message: "PUBLIC_URL must be an origin like https://learn.example.org" })
    .optional(),
  /**
   * Without PUBLIC_URL (development and tests): the Host names whose requests may build links.
   * Any other Host gets links to the first of these, never to itself.
   */
  ALLOWED_HOSTS: z
    .string()
    .default("localhost,127.0.0.1,[::1]")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((hosts) => hosts.length > 0 && hosts.every((h) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(h)), {
      message: "ALLOWED_HOSTS must be a comma-separated list of host names",
    }),
  /**
   * The developer tools page /{lang}/dev (mail outbox with reset and sign-in links): only when
   * switched on, and even then only for direct requests from this machine. On by default in development.
   */
  DEV_TOOLS: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Signs access tokens; when unset a key is generated once and kept in the database. */
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  /**
   * Signs the certificates' Open Badges credentials: an Ed25519 private key as a JWK (JSON with kty
   * OKP, crv Ed25519, d and x). When unset a key is generated once and kept in the database.
   */
  CERTIFICATE_SIGNING_KEY: z
    .string()
    .refine(
      (v) => {
        try {
          const k = JSON.parse(v) as Record<string, unknown>;
          return k.kty === "OKP" && k.crv === "Ed25519" && typeof k.d === "string" && typeof k.x === "string";
        } catch {
          return false;
        }
      },
      { message: "CERTIFICATE_SIGNING_KEY must be an Ed25519 private key as a JWK (kty OKP, crv Ed25519, d, x)" },
    )
    .optional(),
  /** smtp://user:pass@host:port or smtps://...; when unset, mail goes to the outbox shown on /{lang}/dev. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, "SMTP_URL must look like smtp://user:pass@host:587")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Mentora <no-reply@mentora.local>"),
  /** Window of the sign-in, registration and reset rate limits. */
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /**
   * Trust X-Forwarded-* from a reverse proxy: "true" or the proxy's addresses/CIDRs. Off by default,
   * because trusting it from anyone lets clients spoof their address past rate limits.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v): boolean | string => (v === "true" ? true : v === "false" ? false : v)),
  /** Google sign-in (OIDC authorization code + PKCE); the button shows only when both are set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** The OpenID issuer; tests point it at a local stand-in. */
  GOOGLE_ISSUER: z.string().url().default("https://accounts.google.com"),
  /** Telegram Login Widget: the bot's token verifies the widget's hash. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]{20,}$/, "TELEGRAM_BOT_TOKEN must look like 123456:ABC...")
    .optional(),
  /** Google One Tap: the ID tokens' signing keys (cached as their Cache-Control allows). */
  GOOGLE_JWKS_URL: ZProviderUrl.default("https://www.googleapis.com/oauth2/v3/certs"),
  /** Facebook redirect login: the button shows only when both are set. */
  FACEBOOK_APP_ID: z
    .string()
    .regex(/^[\w-]{1,64}$/, "FACEBOOK_APP_ID must be the app's id")
    .optional(),
  FACEBOOK_APP_SECRET: z.string().min(8, "FACEBOOK_APP_SECRET looks too short").optional(),
  /** Graph API base (code exchange, /me, /debug_token); tests point it at a local stand-in. */
  FACEBOOK_GRAPH_URL: ZProviderUrl.default("https://graph.facebook.com/v19.0"),
  /** The login dialog the browser is sent to. */
  FACEBOOK_DIALOG_URL: ZProviderUrl.default("https://www.facebook.com/v19.0/dialog/oauth"),
  /**
   * Signs the webhooks of the WhatsApp, Viber and Messenger bots (HMAC-SHA256 of the raw body);
   * without it those messengers are off.
   */
  MESSENGER_WEBHOOK_SECRET: z.string().min(32, "MESSENGER_WEBHOOK_SECRET must be at least 32 characters").optional(),
  /** LiqPay (docs/decisions/0031): both keys or neither; without them LiqPay is not offered. */
  LIQPAY_PUBLIC_KEY: z
    .string()
    .regex(/^[\w-]{4,100}$/, "LIQPAY_PUBLIC_KEY must be the shop's public key")
    .optional(),
  LIQPAY_PRIVATE_KEY: z.string().min(8, "LIQPAY_PRIVATE_KEY looks too short").max(200).optional(),
  /** The checkout page the browser posts `data` and `signature` to; tests point it at a local stand-in. */
  LIQPAY_CHECKOUT_URL: ZProviderUrl.default("https://www.liqpay.ua/api/3/checkout"),
  /** WayForPay: account and secret both or neither; without them WayForPay is not offered. */
  WAYFORPAY_MERCHANT_ACCOUNT: z
    .string()
    .regex(/^[\w.-]{2,100}$/, "WAYFORPAY_MERCHANT_ACCOUNT must be the merchant's account name")
    .optional(),
  WAYFORPAY_SECRET: z.string().min(8, "WAYFORPAY_SECRET looks too short").max(200).optional(),
  /** merchantDomainName of purchases; default the host of the payments' public origin. */
  WAYFORPAY_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, "WAYFORPAY_DOMAIN must be a host name like learn.example.org")
    .optional(),
  /** The pay page the browser posts the purchase form to; tests point it at a local stand-in. */
  WAYFORPAY_PAY_URL: ZProviderUrl.default("https://secure.wayforpay.com/pay"),
  /** The gateway an order request without one uses: default liqpay when configured, else the first configured (sandbox last). */
  PAYMENTS_DEFAULT_GATEWAY: z.enum(GATEWAYS).optional(),
  /**
   * The origin providers call back and return browsers to (server_url, serviceUrl, result_url);
   * default PUBLIC_URL, else the request's origin (development and tests).
   */
  PAYMENTS_PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\/[^/?#\s]+\/?$/.test(v), { message: "PAYMENTS_PUBLIC_URL must be an origin like https://learn.example.org" })
    .optional(),
  /** The local test checkout (no account needed): on by default, except with NODE_ENV=production where it needs "true". */
  PAYMENTS_SANDBOX: z.enum(["true", "false"]).optional(),
  /**
   * How long a guest's main, catalogue, course or policy page is replayed from memory (ms; 0 = off).
   * A content write drops them at once (docs/decisions/0026); this bounds only what depends on the clock.
   */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(15_000),
  /**
   * How long a signed-in page's template is used (ms; 0 = off): learners whose page data is the same
   * but for their own words share one render (docs/decisions/0083). Bounds what depends on the clock.
   */
  PAGE_TEMPLATE_MS: z.coerce.number().int().min(0).max(300_000).default(15_000),
  SEED_DEMO: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /**
   * The local demo (`npm start` sets it unless NODE_ENV=production is asked for): the demo's defaults
   * (sandbox checkout, demo seed with public passwords, a localhost PUBLIC_URL) are accepted in production.
   */
  MENTORA_DEMO: z
    .enum(["0", "1"])
    .default("0")
    .transform((v) => v === "1"),
  MENTORA_DEV: z
    .enum(["0", "1"])
    .default("0")
    .transform((v) => v === "1"),
  /**
   * Worker processes serving one port (node:cluster). Default: one per core on PostgreSQL, 1 on the
   * embedded PGlite, which is single-process: more than 1 without DATABASE_URL is refused.
   */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Overload guard (docs/decisions/0022): page renders and API requests served at once per process;
   * the next wait in a queue, the rest get 503 with Retry-After.
   */
  OVERLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(4),
  /** Longest wait in that queue before 503; default 750, with NODE_ENV=test or MENTORA_DEV=1 60000. */
  OVERLOAD_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(600_000).optional(),
  /**
   * New work is refused with 503 while the event-loop delay is above this many ms and requests of the
   * server's own are in flight or waiting (docs/decisions/0065); 0 switches it off. Default 500, with
   * NODE_ENV=test or MENTORA_DEV=1 0 (overload tests inject the signal instead).
   */
  OVERLOAD_MAX_LAG_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * V8 old-space limit of each worker in MB (--max-old-space-size), unless NODE_OPTIONS sets one; 0
   * leaves V8's default. Keeps RSS flat under load (docs/decisions/0022).
   */
  MAX_HEAP_MB: z.coerce.number().int().min(0).max(65_536).default(384),
  /**
   * How often the mentor chat's jobs run (ms; 0 = never): the bot's assignments, re-offers of waiting
   * chats, the learners' and mentors' digest letters. Default 60000, with NODE_ENV=test 0 (tests run them).
   */
  CHAT_JOBS_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  /**
   * How often the discussion e-mails' job runs (ms; 0 = never): followers whose period (each post,
   * daily, weekly) has passed get one letter of their threads' news. Default 60000, with NODE_ENV=test 0.
   */
  DISCUSSION_DIGEST_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  /*
   * The job queue (docs/decisions/0070): letters over SMTP and the periodic rounds above are jobs in
   * the database, so a letter survives a mail server that is down and a round runs on one instance.
   */
  /**
   * How often an idle worker looks for jobs (ms, at least 500): default 2000, with NODE_ENV=test 500
   * (tests wait for letters that another process queued). A job sent by this process wakes it at once.
   */
  JOB_POLL_MS: z.coerce.number().int().min(500).max(60_000).optional(),
  /** Tries after the first before a letter counts as failed; the waits between them double. */
  LETTER_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(8),
  /** The first wait before a letter is tried again (seconds); 30 s doubled 8 times spans about four hours. */
  LETTER_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
  /* Media storage (issue 15, README "Media storage"): a local directory unless MEDIA_S3_BUCKET is set. */
  /** Where uploads are kept on disk; default `<DATA_DIR>/media`. */
  MEDIA_DIR: z.string().min(1).optional(),
  /** S3-compatible endpoint (MinIO, R2, ...); unset means AWS's own for MEDIA_S3_REGION. */
  MEDIA_S3_ENDPOINT: z.string().url().optional(),
  MEDIA_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "MEDIA_S3_BUCKET must be a valid bucket name")
    .optional(),
  MEDIA_S3_REGION: z.string().min(1).default("us-east-1"),
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key), as MinIO and most stand-ins want. */
  MEDIA_S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Chat messages one account may send per minute (429 RATE-LIMITED past it), counted across instances. */
  CHAT_SENDS_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(20),
  /** Discussion posts, edits and reports one account may make per minute (429 RATE-LIMITED past it), counted across instances. */
  DISCUSSION_POSTS_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(10),
  /** /api/health and /api/ready also say which process answered (its pid): for checking workers. */
  HEALTH_PID: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /**
   * Prometheus metrics at /metrics on a port of their own (docs/decisions/0067), never on PORT; unset: off.
   * With WORKERS the primary process serves it, summing every worker's metrics.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address the metrics port listens on: this machine only unless set (then METRICS_TOKEN is required). */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** Bearer token a scrape must send (Authorization: Bearer ...); required when METRICS_HOST is not loopback. */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
});

type RawConfig = z.infer<typeof ZConfig>;

/** The sandbox checkout: PAYMENTS_SANDBOX when given, else on everywhere but production. */
function sandboxOn(c: Pick<RawConfig, "NODE_ENV" | "PAYMENTS_SANDBOX">): boolean {
  return c.PAYMENTS_SANDBOX ? c.PAYMENTS_SANDBOX === "true" : c.NODE_ENV !== "production";
}

/** The gateways whose keys are set, in the order the default is picked from (sandbox last). */
function configuredGateways(c: RawConfig): TGateway[] {
  const out: TGateway[] = [];
  if (c.LIQPAY_PUBLIC_KEY && c.LIQPAY_PRIVATE_KEY) out.push("liqpay");
  if (c.WAYFORPAY_MERCHANT_ACCOUNT && c.WAYFORPAY_SECRET) out.push("wayforpay");
  if (sandboxOn(c)) out.push("sandbox");
  return out;
}

const ZCheckedConfig = ZConfig.superRefine((c, ctx) => {
  // Links in e-mails must never take the client's Host header: production names its origin.
  if (c.NODE_ENV === "production" && !c.PUBLIC_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["PUBLIC_URL"],
      message: "must be set when NODE_ENV=production (the origin of links in e-mails, e.g. https://learn.example.org)",
    });
  }
  if (c.WORKERS !== undefined && c.WORKERS > 1 && !c.DATABASE_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["WORKERS"],
      message: "more than 1 needs DATABASE_URL (the embedded PGlite database serves one process only)",
    });
  }
  if (c.MEDIA_S3_BUCKET && (!c.MEDIA_S3_ACCESS_KEY_ID || !c.MEDIA_S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: "custom", path: ["MEDIA_S3_BUCKET"], message: "needs MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY" });
  }
  // A gateway with one of its two keys is a typo, not a choice: say so rather than quietly not offering it.
  for (const [a, b] of [
    ["LIQPAY_PUBLIC_KEY", "LIQPAY_PRIVATE_KEY"],
    ["WAYFORPAY_MERCHANT_ACCOUNT", "WAYFORPAY_SECRET"],
  ] as const) {
    if (!c[a] !== !c[b]) ctx.addIssue({ code: "custom", path: [c[a] ? b : a], message: `must be set together with ${c[a] ? a : b} (both or neither)` });
  }
  const gateway = c.PAYMENTS_DEFAULT_GATEWAY;
  if (gateway && !configuredGateways(c).includes(gateway)) {
    ctx.addIssue({
      code: "custom",
      path: ["PAYMENTS_DEFAULT_GATEWAY"],
      message: gateway === "sandbox" ? "is sandbox, which is off (NODE_ENV=production needs PAYMENTS_SANDBOX=true)" : `is ${gateway}, whose keys are not set`,
    });
  }
  // Metrics tell traffic, errors and names of routes: reachable from elsewhere only with a token.
  if (c.METRICS_PORT !== undefined && !c.METRICS_TOKEN && !isLoopbackHost(c.METRICS_HOST) && c.METRICS_HOST !== "::1") {
    ctx.addIssue({ code: "custom", path: ["METRICS_TOKEN"], message: `must be set when METRICS_HOST (${c.METRICS_HOST}) is not this machine only` });
  }
  if (c.WORKERS !== undefined && c.WORKERS > 1 && c.MENTORA_DEV) {
    ctx.addIssue({ code: "custom", path: ["WORKERS"], message: "more than 1 is not for development (MENTORA_DEV=1 runs one process)" });
  }
}).transform(
  ({
    DEV_TOOLS,
    WORKERS,
    OVERLOAD_QUEUE_WAIT_MS,
    OVERLOAD_MAX_LAG_MS,
    PAYMENTS_SANDBOX,
    CHAT_JOBS_INTERVAL_MS,
    DISCUSSION_DIGEST_INTERVAL_MS,
    JOB_POLL_MS,
    ...c
  }) => ({
    ...c,
    PAYMENTS_SANDBOX: sandboxOn({ NODE_ENV: c.NODE_ENV, PAYMENTS_SANDBOX }),
    // The local demo's letters (sign-up confirmation, password reset) have no mail server to go to:
    // its outbox page is how a visitor reads them (served to this machine's direct connections only).
    DEV_TOOLS: DEV_TOOLS ? DEV_TOOLS === "true" : c.NODE_ENV === "development" || c.MENTORA_DEMO,
    WORKERS: WORKERS ?? (c.DATABASE_URL && !c.MENTORA_DEV ? availableParallelism() : 1),
    // Tests share busy machines and development compiles on demand: neither should see 503s for that.
    OVERLOAD_QUEUE_WAIT_MS: OVERLOAD_QUEUE_WAIT_MS ?? (c.NODE_ENV === "test" || c.MENTORA_DEV ? 60_000 : 750),
    OVERLOAD_MAX_LAG_MS: OVERLOAD_MAX_LAG_MS ?? (c.NODE_ENV === "test" || c.MENTORA_DEV ? 0 : 500),
    CHAT_JOBS_INTERVAL_MS: CHAT_JOBS_INTERVAL_MS ?? (c.NODE_ENV === "test" ? 0 : 60_000),
    DISCUSSION_DIGEST_INTERVAL_MS: DISCUSSION_DIGEST_INTERVAL_MS ?? (c.NODE_ENV === "test" ? 0 : 60_000),
    JOB_POLL_MS: JOB_POLL_MS ?? (c.NODE_ENV === "test" ? 500 : 2_000),
  }),
);

export type Config = z.infer<typeof ZCheckedConfig>;

export class ConfigError extends Error {}

/** Parses the environment once at boot; the message names every bad variable on one line. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = ZCheckedConfig.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  return result.data;
}

/**
 * What an operator's NODE_ENV=production refuses unless MENTORA_DEMO=1 (docs/decisions/0068): the
 * demo's defaults, one line each. Only an explicit NODE_ENV=production in `env` counts: a plain
 * `npm run serve` (production by default) stays as it was. Checked by the entry point, not by
 * parseConfig, which tests use to build production apps with the demo content.
 */
export function demoDefaultRefusals(config: Config, env: Record<string, string | undefined> = process.env): string[] {
  if (env.NODE_ENV !== "production" || config.MENTORA_DEMO) return [];
  const out: string[] = [];
  const why = "refused with NODE_ENV=production (MENTORA_DEMO=1 runs the local demo)";
  if (config.PAYMENTS_SANDBOX) out.push(`PAYMENTS_SANDBOX: the sandbox checkout lets anyone pay without paying; set PAYMENTS_SANDBOX=false — ${why}`);
  if (config.SEED_DEMO) out.push(`SEED_DEMO: the demo seed makes accounts whose password is public; set SEED_DEMO=false — ${why}`);
  if (config.PUBLIC_URL && isLoopbackHost(new URL(config.PUBLIC_URL).host)) {
    out.push(`PUBLIC_URL: ${config.PUBLIC_URL} is this machine only; set the site's public origin, e.g. https://learn.example.org — ${why}`);
  }
  return out;
}
