/**
 * Mentor chat for `app.inject` tests (issue 12): mentors and leaders with profiles, a learner's chat,
 * messages with client-made ids, and the periodic jobs run at a chosen time.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray, not } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { TChat, TChatMessage } from "../../src/domain/chat";
import type { Database, Db } from "../../src/server/db/client";
import { chatSettings, mentorProfiles } from "../../src/server/db/schema/chat";
import type { Config } from "../../src/server/config";
import { createServices } from "../../src/server/main";
import type { ChatJobBatches } from "../../src/server/modules/chat/operations/jobs";
import { json } from "./http";
import { patchUser, register, type Registered } from "./sign-in";

export const msgId = () => `lpmmsg:${randomBytes(12).toString("hex")}`;

export interface Mentor extends Registered {
  profileId: string;
}

/** A registered account with a mentor role and a profile on the portal (names in en and tr). */
export async function mentor(
  app: FastifyInstance,
  database: Database,
  portalId: string,
  opts: { role?: "mentor" | "mp-leader" | "mp-admin"; available?: boolean; campaign?: string; name?: string } = {},
): Promise<Mentor> {
  const role = opts.role ?? "mentor";
  const r = await register(app);
  await patchUser(database, r.userId, { roles: ["disciple", role] });
  const profileId = `mnt_t-${randomBytes(6).toString("hex")}`;
  const name = opts.name ?? `Mentor ${profileId.slice(-4)}`;
  await database.db.insert(mentorProfiles).values({
    id: profileId,
    userId: r.userId,
    portalId,
    role,
    names: { en: name, tr: `${name} (tr)` },
    bios: { en: "Bio", tr: "Biyografi" },
    avatarUrl: "/demo/mentors/aylin.svg",
    utmCampaignName: opts.campaign ?? null,
    available: opts.available ?? true,
  });
  return { ...r, profileId };
}

/** Only these profiles take new chats (every other of the portal is made unavailable). */
export async function onlyAvailable(db: Db, portalId: string, profileIds: string[]) {
  const ids = profileIds.length ? profileIds : ["-"];
  await db.update(mentorProfiles).set({ available: true }).where(inArray(mentorProfiles.id, ids));
  await db
    .update(mentorProfiles)
    .set({ available: false })
    .where(and(eq(mentorProfiles.portalId, portalId), not(inArray(mentorProfiles.id, ids))));
}

export async function setAssignment(
  db: Db,
  portalId: string,
  assignment: "learner-chooses" | "mentor-chooses",
  timers: { reoffer?: number; digest?: number } = {},
) {
  const row = { portalId, assignment, reofferAfterMinutes: timers.reoffer ?? 240, mentorDigestAfterMinutes: timers.digest ?? 60 };
  await db.insert(chatSettings).values(row).onConflictDoUpdate({ target: chatSettings.portalId, set: row });
}

/** The learner's chat through the API (201 made, 200 again). */
export async function openChat(who: Registered, portalId: string, body: Record<string, unknown> = {}): Promise<TChat> {
  const res = await who.browser.post("/api/chats?lang=en", { learningPortalId: portalId, studentId: who.userId, ...body });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json() as TChat;
}

export async function send(who: Registered, chatId: string, text: string, id = msgId(), extra: Record<string, unknown> = {}): Promise<TChatMessage> {
  return json<TChatMessage>(await who.browser.post(`/api/chats/${chatId}/messages?lang=en`, { id, text, ...extra }), 201);
}

export async function page(who: Registered, chatId: string, query = "") {
  return json<{
    edges: Array<{ cursor: string; node: TChatMessage }>;
    pageInfo: { hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  }>(await who.browser.get(`/api/chats/${chatId}/messages?lang=en${query}`));
}

/** A second set of services on the suite's database, for calling the chat jobs directly; close() after. */
export async function chatJobs(config: Config, database: Database) {
  const services = await createServices(config, database);
  return {
    run: (now: Date, batches?: Partial<ChatJobBatches>) => services.chat.runJobs(now, batches),
    /** The jobs' bus (a test may count what it publishes). */
    bus: services.bus,
    close: async () => {
      services.contentVersion.close();
      services.orders.close();
      await services.bus.close();
    },
  };
}
