import {
  CHAT_TIMERS,
  CHAT_TOPIC,
  DISTRIBUTION_BOT_ID,
  INBOX_TOPIC,
  SYSTEM_PARTICIPANT_ID,
  type TChatMode,
  type TChatSettings,
  USER_TOPIC,
} from "../../../../domain/chat";
import type { TUser } from "../../../../domain/user";
import { base32Id } from "../../../platform/ids";
import type { ChatReads, ChatRow, ChatTx, ProfileLoad, ProfileRow } from "../repo";
import type { ChatContext } from "./context";
import { chatPack, readerLang, userName } from "./present";

/** System message ids are made by the server, in the client's id shape. */
export const systemMessageId = () => `lpmmsg:sys-${base32Id("")}`;

export async function chatSettings(ctx: ChatContext): Promise<TChatSettings> {
  const row = await ctx.repo.settings(ctx.portalId);
  return {
    assignment: row?.assignment ?? "learner-chooses",
    reofferAfterMinutes: row?.reofferAfterMinutes ?? CHAT_TIMERS.reofferAfterMinutes,
    mentorDigestAfterMinutes: row?.mentorDigestAfterMinutes ?? CHAT_TIMERS.mentorDigestAfterMinutes,
  };
}

/** Fewest open chats first, then the oldest profile. */
const byLoad = (a: ProfileLoad, b: ProfileLoad) => a.openChats - b.openChats || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);

/** Mentors new chats may go to (role mentor, available), fewest open chats first; `reads` may be a transaction's. */
export async function availableMentors(reads: ChatReads, portalId: string): Promise<ProfileLoad[]> {
  const all = await reads.listProfiles({ portalIds: [portalId], roles: ["mentor"], limit: 100 });
  return all.filter((p) => p.available).sort(byLoad);
}

/**
 * The least loaded of `load` (availableMentors' list) other than the chat's mentor `from`, counted as
 * holding the chat from now on (and `from` as one lighter), the list sorted again: a batch of
 * assignments read once picks as `availableMentors` read before each one would. Undefined: nobody else.
 */
export function takeLeastLoaded(load: ProfileLoad[], from: string | null): ProfileLoad | undefined {
  const pick = load.find((p) => p.userId !== from);
  if (!pick) return undefined;
  pick.openChats++;
  const before = load.find((p) => p.userId === from);
  if (before) before.openChats--;
  load.sort(byLoad);
  return pick;
}

/** Seed §4 modes: who picks the mentor, and whether there is more than one to pick from. */
export function modeOf(settings: TChatSettings, available: ProfileLoad[]): TChatMode {
  if (settings.assignment === "mentor-chooses" || available.length === 0) return "mentor-chooses";
  return settings.assignment === "single" || available.length === 1 ? "single" : "multiple";
}

/** The mentor a learner's arrival campaign (their newest utm_campaign with a mentor) points to. */
export async function campaignMentor(ctx: ChatContext, user: Pick<TUser, "analytics">): Promise<ProfileRow | null> {
  const campaigns = user.analytics.utm
    .map((u) => u.utm_campaign)
    .filter((c): c is string => !!c)
    .reverse();
  for (const campaign of campaigns) {
    const [profile] = await ctx.repo.listProfiles({ portalIds: [ctx.portalId], campaign, limit: 1 });
    if (profile) return profile;
  }
  return null;
}

/**
 * What an assignment tells others once it committed: the chat, the inbox, the new mentor. The
 * learner's mentor is recorded here, unless the assignment's transaction did (`assignInTx`): then
 * every instance is only told the account changed.
 */
export async function announceAssignment(ctx: ChatContext, chat: ChatRow, opts: { mentorRecorded?: boolean } = {}) {
  await ctx.bus.publish({ topic: CHAT_TOPIC(chat.id), kind: "assigned", id: chat.id });
  await ctx.bus.publish({ topic: INBOX_TOPIC(chat.portalId), kind: "chat", id: chat.id });
  if (chat.mentorId && chat.mentorId !== DISTRIBUTION_BOT_ID) {
    await ctx.bus.publish({ topic: USER_TOPIC(chat.mentorId), kind: "notification", id: chat.id });
    // The learner's progress page is open to the learner's mentor (modules/progress policy).
    if (opts.mentorRecorded) await ctx.users.accessChanged(chat.studentId);
    else await ctx.users.update(chat.studentId, { mentorId: chat.mentorId }).catch((err: unknown) => ctx.log.warn({ err }, "learner's mentor not recorded"));
  }
}

/**
 * Gives a chat to `profile`'s mentor inside `w`'s transaction: the chat's mentor, the learner's
 * mentor, a system message naming them (rendered in each reader's language), and a `chat-assigned`
 * notification for them. Announce it after commit with `{ mentorRecorded: true }`.
 */
export async function assignInTx(
  ctx: ChatContext,
  w: ChatTx,
  chat: ChatRow,
  profile: ProfileRow,
  key: "assigned" | "reassigned" | "reoffered",
  at: Date,
  texts: AssignTexts,
) {
  const [updated] = await assignManyInTx(ctx, w, [{ chat, profile }], key, at, texts);
  return updated!;
}

/**
 * `assignInTx` for a batch of chats (the jobs' rounds): the same rows, each kind written by one
 * statement whatever the batch holds. The chats come back in the order given.
 */
export async function assignManyInTx(
  ctx: ChatContext,
  w: ChatTx,
  moves: Array<{ chat: ChatRow; profile: ProfileRow }>,
  key: "assigned" | "reassigned" | "reoffered",
  at: Date,
  texts: AssignTexts,
): Promise<ChatRow[]> {
  if (moves.length === 0) return [];
  const updated = await w.assignChats(
    moves.map((m) => ({ id: m.chat.id, to: m.profile.userId })),
    at,
    key === "reoffered",
  );
  await w.insertMessages(
    moves.map((m) => ({
      id: systemMessageId(),
      chatId: m.chat.id,
      authorId: SYSTEM_PARTICIPANT_ID,
      authorKind: "system" as const,
      text: "",
      systemKey: key,
      systemParams: { mentorProfileId: m.profile.id },
      createdAt: at,
    })),
  );
  // The learner's progress page is open to the learner's mentor (modules/progress policy).
  await ctx.users.setMentors(
    w.tx,
    moves.map((m) => ({ userId: m.chat.studentId, mentorId: m.profile.userId })),
  );
  const students = new Map((await w.usersByIds([...new Set(moves.map((m) => m.chat.studentId))])).map((u) => [u.id, u]));
  await ctx.notifications.writes(w.tx).insert(
    moves.map((m) => {
      const student = students.get(m.chat.studentId);
      return ctx.notifications.row({
        userId: m.profile.userId,
        type: "chat-assigned",
        title: userName(student) || student?.email || texts.systemName,
        text: texts.assignedToYou,
        avatar: student?.avatar?.url ?? null,
        link: `/${texts.lang}/mentor/?chat=${m.chat.id}`,
        createdAt: at,
      });
    }),
  );
  return updated;
}

/** The texts an assignment writes, read before its transaction (language packs and portal languages are not transactional). */
export interface AssignTexts {
  lang: string;
  systemName: string;
  assignedToYou: string;
}

/** The portal's primary language: the mentors' side (their notification about a new chat). */
export async function assignTexts(ctx: ChatContext): Promise<AssignTexts> {
  const lang = await readerLang(ctx);
  const pack = await chatPack(ctx, lang.lang);
  return { lang: lang.lang, systemName: pack.systemName, assignedToYou: pack.system.assignedToYou ?? "" };
}

/**
 * The distribution bot: gives a chat it holds to the available mentor with the fewest open chats.
 * Null when none is available (the chat stays with the bot; the jobs try again).
 */
export async function assignFromBot(ctx: ChatContext, chatId: string): Promise<ChatRow | null> {
  const at = ctx.now();
  const texts = await assignTexts(ctx);
  const assigned = await ctx.repo.transaction(async (w) => {
    const chat = await w.lockChat(chatId);
    if (!chat || chat.mentorId !== DISTRIBUTION_BOT_ID) return null;
    const [pick] = await availableMentors(w, ctx.portalId);
    if (!pick) return null;
    return assignInTx(ctx, w, chat, pick, "assigned", at, texts);
  });
  if (assigned) await announceAssignment(ctx, assigned, { mentorRecorded: true });
  return assigned;
}
