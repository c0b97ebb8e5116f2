/**
 * The chat's start in Chromium for the modes the learner spec does not reach (seed 000 §4): single
 * (one available mentor: no slider, the chat goes straight to them) and the arrival campaign's mentor
 * (a learner who came with `utm_campaign` matching a profile is connected to that mentor even when
 * several are available). Mentor-chooses is in chat-mentor.e2e.test.ts, multiple in chat-learner.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HELLO_COOKIE } from "../../src/domain/chat-rules";
import { mentorProfiles } from "../../src/server/db/schema/chat";
import { users } from "../../src/server/db/schema/users";
import { DEMO_MENTORS } from "../../src/server/db/seed/demo-mentors";
import { useE2E } from "./fixtures";

const e2e = useE2E();
const LESSON = "/courses/reading-foundations/lesson/rf-slow-reading";
const [aylin, omar] = DEMO_MENTORS.filter((m) => m.role === "mentor");

async function learnerOpensChat(lang: string, utm?: Record<string, string>) {
  const learner = await e2e.signIn("disciple", { lang, cookies: { [HELLO_COOKIE]: "1" } });
  if (utm)
    await e2e.database.db
      .update(users)
      .set({ utm: [utm] })
      .where(eq(users.id, learner.userId));
  await e2e.open(`/${lang}${LESSON}`, { page: learner.page });
  await learner.page.locator('[data-rail="connect_to_mentor"]').click();
  await learner.page.getByTestId("chat-widget").waitFor();
  return learner;
}

describe("starting a chat", () => {
  it("single mode: with one mentor available the learner sees that mentor, no slider, and writes to them", async () => {
    await e2e.database.db.update(mentorProfiles).set({ available: false }).where(eq(mentorProfiles.id, omar.profileId));
    try {
      const { page } = await learnerOpensChat("en");
      const start = page.locator('[data-testid="chat-start"]');
      await start.waitFor();
      expect(await start.getAttribute("data-mode")).toBe("fixed");
      expect(await page.getByTestId("chat-mentor-option").count()).toBe(0);
      expect(await page.getByTestId("chat-mentor-card").getAttribute("data-mentor")).toBe(aylin.profileId);
      await page.getByTestId("chat-connect").click();
      const connected = page.getByTestId("chat-connected");
      await connected.waitFor();
      expect(await connected.getAttribute("data-mode")).toBe("single");
      expect(await connected.getByTestId("chat-mentor-card").getAttribute("data-mentor")).toBe(aylin.profileId);
    } finally {
      await e2e.database.db.update(mentorProfiles).set({ available: true }).where(eq(mentorProfiles.id, omar.profileId));
    }
  });

  it("a learner who arrived with a mentor's campaign is offered that mentor, in Arabic too", async () => {
    await e2e.database.db.update(mentorProfiles).set({ utmCampaignName: "spring-reading" }).where(eq(mentorProfiles.id, omar.profileId));
    try {
      const { page } = await learnerOpensChat("ar", { utm_source: "newsletter", utm_campaign: "spring-reading" });
      const start = page.locator('[data-testid="chat-start"]');
      await start.waitFor();
      expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
      expect(await start.getAttribute("data-mode")).toBe("fixed");
      expect(await page.getByTestId("chat-mentor-option").count()).toBe(0);
      expect(await page.getByTestId("chat-mentor-card").getAttribute("data-mentor")).toBe(omar.profileId);
      await page.getByTestId("chat-connect").click();
      await page.getByTestId("chat-thread").waitFor();
      expect(await page.getByTestId("chat-connected").getByTestId("chat-mentor-card").getAttribute("data-mentor")).toBe(omar.profileId);
    } finally {
      await e2e.database.db.update(mentorProfiles).set({ utmCampaignName: null }).where(eq(mentorProfiles.id, omar.profileId));
    }
  });
});
