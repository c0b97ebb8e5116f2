import { describe, expect, it } from "vitest";
import { parseConfig } from "./config";
import { startBanner } from "./start-banner";

describe("the start banner", () => {
  it("on the local demo: the URL, the embedded database's directory, the outbox and the demo accounts", () => {
    const banner = startBanner(parseConfig({ PUBLIC_URL: "http://localhost:3000", PAYMENTS_SANDBOX: "true", MENTORA_DEMO: "1" }), { cwd: "/srv/mentora" });
    expect(banner.split("\n")).toEqual([
      "Mentora is serving at http://localhost:3000 (local demo)",
      "  database  embedded PGlite at /srv/mentora/data/pglite",
      "  mail      not sent (no SMTP_URL): kept in the database's outbox, listed at http://localhost:3000/en/dev",
      "  accounts  password mentora-demo-2026 for each:",
      "            aylin.mentor@mentora.example (mentor)",
      "            omar.mentor@mentora.example (mentor)",
      "            elena.leader@mentora.example (mentor leader)",
      "            nadia.creator@mentora.example (course author)",
    ]);
  });

  it("on PostgreSQL with SMTP and no demo seed: no password of either, no accounts", () => {
    const banner = startBanner(
      parseConfig({
        NODE_ENV: "production",
        PUBLIC_URL: "https://learn.example.org/",
        DATABASE_URL: "postgres://app:s3cret@db.internal:5432/mentora",
        SMTP_URL: "smtp://mailer:hunter2@smtp.example.org:587",
        SEED_DEMO: "false",
        WORKERS: "4",
      }),
    );
    expect(banner.split("\n")).toEqual([
      "Mentora is serving at https://learn.example.org",
      "  database  PostgreSQL app@db.internal:5432/mentora, 4 workers",
      "  mail      sent through smtp://smtp.example.org:587",
    ]);
  });

  it("with DEV_TOOLS off, how to list the outbox", () => {
    expect(startBanner(parseConfig({ NODE_ENV: "test", MENTORA_DEMO: "1", DEV_TOOLS: "false", SEED_DEMO: "false" }))).toContain(
      "  mail      not sent (no SMTP_URL): kept in the database's outbox; DEV_TOOLS=true lists it at http://localhost:3000/en/dev",
    );
  });

  it("with DEV_TOOLS on, where the outbox is listed", () => {
    expect(startBanner(parseConfig({ NODE_ENV: "development", PORT: "4000", SEED_DEMO: "false" }))).toContain(
      "  mail      not sent (no SMTP_URL): kept in the database's outbox, listed at http://localhost:4000/en/dev",
    );
  });
});
