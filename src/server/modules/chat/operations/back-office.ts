import type { z } from "zod";
import { INBOX_TOPIC, type TChatMode } from "../../../../domain/chat";
import { AppError } from "../../../../domain/errors";
import { ASSIGNMENT_OF, MODE_OF, type TAdminMentor, type TAdminMentors, type ZAddMentorRequest, type ZMentorPatch } from "../../../../domain/mentor-admin";
import { mayAuthorPortalSettings } from "../../../../domain/studio-policy";
import type { TUser } from "../../../../domain/user";
import { base32Id } from "../../../platform/ids";
import type { AdminProfileRow } from "../repo";
import { assignFromBot, chatSettings } from "./assign";
import type { ChatContext } from "./context";
import { userName } from "./present";

/**
 * The back office's mentors (issue 16, docs/decisions/0059): who serves the portal's chat, their
 * campaign, availability and load, and the chat's mode. Every change writes its audit row in its own
 * transaction; the learners' chat setup reads profiles and settings from the database on every call,
 * so a change shows in the widget at once on every instance.
 */

function admin(user: TUser) {
  if (!mayAuthorPortalSettings(user)) throw new AppError("ADMINS_ONLY", "The portal's mentors are a back-office setting: admins and mp-admin only");
}

const present = (r: AdminProfileRow): TAdminMentor => ({
  id: r.id,
  uid: r.userId,
  fullName: userName(r) || r.email || r.userId,
  email: r.email,
  leader: r.roles.includes("mp-leader"),
  campaign: r.utmCampaignName,
  available: r.available,
  openChats: r.openChats,
  unanswered: r.unanswered,
});

export async function adminMentors(ctx: ChatContext, user: TUser): Promise<TAdminMentors> {
  admin(user);
  const [settings, rows, candidates] = await Promise.all([chatSettings(ctx), ctx.repo.adminProfiles(ctx.portalId), ctx.repo.mentorCandidates(ctx.portalId)]);
  return {
    mode: MODE_OF[settings.assignment],
    mentors: rows.map(present),
    candidates: candidates.map((c) => ({ uid: c.id, fullName: userName(c) || c.email || c.id, email: c.email })),
  };
}

const audit = (ctx: ChatContext, user: TUser, action: string, entityId: string, fields: string[], extra: { mode?: string } = {}) => ({
  portalId: ctx.portalId,
  actorId: user.id,
  action,
  entityType: "mentor",
  entityId,
  summary: { fields, ...extra },
});

/** POST /admin/mentors: a user with the mentor role serves the portal (their profile made, or updated when it exists). */
export async function addMentor(ctx: ChatContext, user: TUser, body: z.output<typeof ZAddMentorRequest>): Promise<TAdminMentors> {
  admin(user);
  const target = await ctx.users.findById(body.userId);
  if (!target) throw new AppError("NOT_FOUND", `No user ${body.userId}`);
  if (!target.roles.includes("mentor")) throw new AppError("MENTOR_ROLE_MISSING", `User ${body.userId} has no mentor role`);
  const { primaryLang } = await ctx.portalLangs();
  const name = userName(target) || target.email || target.id;
  await ctx.repo.transaction(async (w) => {
    const row = await w.upsertProfile({
      id: `mnt_${base32Id("")}`,
      userId: target.id,
      portalId: ctx.portalId,
      role: "mentor",
      names: { [primaryLang]: name },
      utmCampaignName: body.campaign ?? null,
      available: body.available ?? true,
    });
    await w.audit(audit(ctx, user, "mentor.add", row.id, ["userId", "campaign", "available"]));
  });
  await ctx.bus.publish({ topic: INBOX_TOPIC(ctx.portalId), kind: "chat", id: target.id });
  return adminMentors(ctx, user);
}

/** PATCH /admin/mentors/:id: campaign name and availability. */
export async function patchMentor(ctx: ChatContext, user: TUser, id: string, patch: z.output<typeof ZMentorPatch>): Promise<TAdminMentors> {
  admin(user);
  const profile = await ctx.repo.profile(id);
  if (!profile || profile.portalId !== ctx.portalId) throw new AppError("MENTOR_NOT_FOUND", `No mentor ${id}`);
  await ctx.repo.transaction(async (w) => {
    await w.patchProfile(id, {
      ...(patch.campaign !== undefined ? { utmCampaignName: patch.campaign } : {}),
      ...(patch.available !== undefined ? { available: patch.available } : {}),
    });
    await w.audit(audit(ctx, user, "mentor.update", id, Object.keys(patch).sort()));
  });
  return adminMentors(ctx, user);
}

/**
 * DELETE /admin/mentors/:id: the mentor no longer serves the portal. Their open chats go back to the
 * distribution bot in the same transaction, which then gives each to the least busy available mentor
 * (or keeps it, waiting, until one is): a learner is never left with a mentor who is gone.
 */
export async function removeMentor(ctx: ChatContext, user: TUser, id: string): Promise<TAdminMentors> {
  admin(user);
  const profile = await ctx.repo.profile(id);
  if (!profile || profile.portalId !== ctx.portalId) throw new AppError("MENTOR_NOT_FOUND", `No mentor ${id}`);
  const released = await ctx.repo.transaction(async (w) => {
    await w.deleteProfile(id);
    const chatIds = await w.releaseChats(ctx.portalId, profile.userId, ctx.now());
    await w.audit(audit(ctx, user, "mentor.remove", id, ["userId"]));
    return chatIds;
  });
  for (const chatId of released) {
    await ctx.bus.publish({ topic: INBOX_TOPIC(ctx.portalId), kind: "chat", id: chatId });
    await assignFromBot(ctx, chatId).catch((err: unknown) => ctx.log.error({ err, chatId }, "reassigning a removed mentor's chat failed"));
  }
  return adminMentors(ctx, user);
}

/** PUT /admin/mentors/mode: single, multiple or the distribution bot (mentor-chooses); the timers stay. */
export async function setChatMode(ctx: ChatContext, user: TUser, mode: TChatMode): Promise<TAdminMentors> {
  admin(user);
  const current = await chatSettings(ctx);
  await ctx.repo.transaction(async (w) => {
    await w.saveSettings({ portalId: ctx.portalId, ...current, assignment: ASSIGNMENT_OF[mode] });
    await w.audit({ ...audit(ctx, user, "chat-settings.mode", ctx.portalId, ["assignment"], { mode }), entityType: "chat-settings" });
  });
  return adminMentors(ctx, user);
}
