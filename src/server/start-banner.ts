import path from "node:path";
import type { Config } from "./config";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./db/seed/demo-accounts";

/**
 * The few lines printed once the server listens (docs/decisions/0068): where it is, which database
 * it uses, where its letters go and, with the demo seed, how to sign in. Operator-facing terminal
 * text, in English. Never a password of the database or of SMTP.
 */
export function startBanner(config: Config, { cwd = process.cwd() }: { cwd?: string } = {}): string {
  const url = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");
  const lines = [`Mentora is serving at ${url}${config.MENTORA_DEMO ? " (local demo)" : ""}`];
  lines.push(`  database  ${describeDatabase(config, cwd)}${config.WORKERS > 1 ? `, ${config.WORKERS} workers` : ""}`);
  if (config.SMTP_URL) {
    const smtp = new URL(config.SMTP_URL);
    lines.push(`  mail      sent through ${smtp.protocol}//${smtp.host}`);
  } else {
    const where = `${url}/en/dev`;
    lines.push(
      config.DEV_TOOLS
        ? `  mail      not sent (no SMTP_URL): kept in the database's outbox, listed at ${where}`
        : `  mail      not sent (no SMTP_URL): kept in the database's outbox; DEV_TOOLS=true lists it at ${where}`,
    );
  }
  if (config.SEED_DEMO) {
    lines.push(`  accounts  password ${DEMO_PASSWORD} for each:`);
    for (const a of DEMO_ACCOUNTS) lines.push(`            ${a.email} (${a.role})`);
  }
  return lines.join("\n");
}

function describeDatabase(config: Config, cwd: string): string {
  if (!config.DATABASE_URL) return `embedded PGlite at ${path.resolve(cwd, config.DATA_DIR, "pglite")}`;
  const u = new URL(config.DATABASE_URL);
  const user = u.username ? `${decodeURIComponent(u.username)}@` : "";
  return `PostgreSQL ${user}${u.host}${u.pathname}`;
}
