import { eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { videoEventEpisodes } from "../../src/server/db/schema/courses";
import { changeContent } from "../../src/server/platform/content-version";

const msToUtcMidnight = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime();
};

/**
 * The demo seed puts the video event's "today" episode later on the seeding day; a run that crosses
 * UTC midnight after seeding would see it opened. Re-date it a minute (at most half the rest of the
 * day) from now, first waiting out the day's last seconds, so "today" holds whenever the test runs.
 */
export async function redateTodaysEpisode(db: Db): Promise<void> {
  if (msToUtcMidnight() < 20_000) await new Promise((r) => setTimeout(r, msToUtcMidnight() + 1_000));
  const startDate = new Date(Date.now() + Math.min(60_000, msToUtcMidnight() / 2));
  await changeContent(db, async (tx) => {
    await tx.update(videoEventEpisodes).set({ startDate }).where(eq(videoEventEpisodes.id, "how-manuscripts"));
  });
}
