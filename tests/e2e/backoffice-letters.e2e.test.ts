/**
 * The back office's failed letters in Chromium (issue 29 §6, docs/decisions/0073): with the mail
 * server gone and no retries (LETTER_RETRY_LIMIT=0) a learner's sign-up letter fails; an admin sees
 * it in en and ar (right to left), the screens pass axe, and once the mail server is back a retry
 * queues the letter again and it arrives.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { JOB_SCHEMA } from "../../src/server/platform/jobs/queue";
import { startSmtp, type SmtpSink } from "../support/mail";
import { useE2E } from "./fixtures";

const SLOW = { timeout: 20_000 };
let smtp: SmtpSink;
let port = 0;
const e2e = useE2E(async () => {
  smtp = await startSmtp();
  port = smtp.port;
  await smtp.close();
  return { SMTP_URL: smtp.url, LETTER_RETRY_LIMIT: "0", LETTER_RETRY_DELAY_SECONDS: "0" };
});

/** The state of the letters to `to` in the queue. */
async function statesTo(to: string): Promise<string[]> {
  const result = await e2e.database.db.execute(sql`select state from ${sql.raw(JOB_SCHEMA)}.job where name = 'letter' and data->>'to' = ${to}`);
  return (result as unknown as { rows: Array<{ state: string }> }).rows.map((r) => r.state);
}

describe("the back office: failed letters", () => {
  it("shows a failed letter in en and ar, and a retry sends it once the mail server is back", async () => {
    const learner = await e2e.signIn("disciple");
    await expect.poll(() => statesTo(learner.email), SLOW).toEqual(["failed"]);
    const admin = await e2e.signIn("admin");
    try {
      for (const lang of ["en", "ar"]) {
        const page = await e2e.open(`/${lang}/studio/letters`, { page: admin.page });
        const row = page.getByTestId("letters-row").filter({ hasText: learner.email });
        await expect.poll(() => row.count(), SLOW).toBe(1);
        expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
        expect(await page.getByTestId("letters-counts").textContent()).toMatch(/\d/);
        await e2e.axeCheck(page, `back office letters ${lang}`);
      }
      smtp = await startSmtp({ port });
      const page = await e2e.open("/en/studio/letters", { page: admin.page });
      await page.getByTestId("letters-row").filter({ hasText: learner.email }).getByTestId("letters-retry").click();
      await expect.poll(() => page.getByTestId("letters-notice").textContent(), SLOW).toContain(`The letter to ${learner.email} is queued again.`);
      const letter = await smtp.waitFor(learner.email, 20_000, "emailtoken=");
      expect(letter.rcptTo).toEqual([learner.email]);
      await expect.poll(() => statesTo(learner.email), SLOW).toEqual(["completed"]);
      await e2e.axeCheck(page, "back office letters after a retry");
    } finally {
      await smtp.close();
    }
  });
});
