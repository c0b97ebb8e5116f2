import { newClientMessageId, type TChatContext, type TChatMessage, type TChatSetup, type TMentorProfile, ZChatText } from "../../../domain/chat";
import type { TElementType } from "../../../domain/element";
import { elementPath } from "../../../domain/element-path";
import { type ApiError, type ApiResult, localError } from "../../lib/api";
import { getQueryClient } from "../../lib/query-client";
import { chatKeys, createChat, getChatSetup, sendMessage } from "./chat-calls";

/** A question about a course element, for the learner's mentor instead of the thread. */
export interface AskPrivatelyInput {
  text: string;
  courseId: string;
  elementId: string;
  /** The element's kind (lesson, test, webinar): the chat shows "asked from: Lesson 3". */
  type: TElementType;
  /** Where the learner must pick a mentor first: the one picked (one of the CHAT-NEEDS-MENTOR reply's mentors). */
  mentorId?: string;
}

/** Who asks: the page's language and the signed-in learner on this portal. */
export interface AskPrivatelyEnv {
  lang: string;
  userId: string;
  portalId: string;
}

export type AskPrivatelyResult =
  | { ok: true; chatId: string; message: TChatMessage }
  /** With CHAT-NEEDS-MENTOR: the mentors to pick from (ask again with `mentorId`). */
  | { ok: false; error: ApiError; mentors?: TMentorProfile[] };

/**
 * "Send to my mentor privately" (issue 14 "beyond peers"): the question goes to the learner's chat as
 * a message with the element as its context, instead of a public post. The text follows the chat's
 * rules (trimmed, 1–1500 characters, safe text). A learner without a chat gets one when the portal's
 * mode needs no choice (one mentor, a campaign's mentor, the distribution bot); where they must pick a
 * mentor first the result is CHAT-NEEDS-MENTOR with the mentors to pick from, and asking again with
 * `mentorId` makes the chat with the one picked. The chat's cached setup is refreshed, so the widget
 * opens on the chat.
 */
export async function askMentorPrivately(input: AskPrivatelyInput, env: AskPrivatelyEnv): Promise<AskPrivatelyResult> {
  const text = ZChatText.safeParse(input.text);
  if (!text.success) return { ok: false, error: localError("VALIDATION", "errors:codes.VALIDATION", text.error.issues[0]?.message) };
  const chat = await chatOf(env, input.mentorId);
  if (!chat.ok) return chat;
  const context: TChatContext = {
    kind: input.type,
    courseId: input.courseId,
    elementId: input.elementId,
    path: elementPath(env.lang, input.courseId, input.type, input.elementId),
  };
  const sent = await sendMessage(chat.data, env.lang, { id: newClientMessageId(), text: text.data, context });
  if (!sent.ok) return sent;
  return { ok: true, chatId: chat.data, message: sent.data };
}

/** The learner's chat id: the one they have, or one made now when no choice is needed. */
async function chatOf(
  env: AskPrivatelyEnv,
  picked: string | undefined,
): Promise<ApiResult<string> | { ok: false; error: ApiError; mentors: TMentorProfile[] }> {
  const setup = await getChatSetup(env.lang);
  if (!setup.ok) return setup;
  if (setup.data.chat) return { ok: true, data: setup.data.chat.id };
  const fixed = fixedMentor(setup.data);
  // The learner's pick counts only where picking is theirs, and only among the portal's mentors.
  const mentorId = fixed === null ? (setup.data.mentors.find((m) => m.id === picked)?.id ?? null) : fixed;
  if (mentorId === null) return { ok: false, error: localError("CHAT-NEEDS-MENTOR", "chat:ask.chooseMentor"), mentors: setup.data.mentors };
  const made = await createChat(env.lang, { learningPortalId: env.portalId, studentId: env.userId, ...(mentorId ? { mentorId } : {}) });
  if (!made.ok) return made;
  getQueryClient().setQueryData<TChatSetup>(chatKeys.setup(env.userId, env.lang), { ...setup.data, chat: made.data });
  return { ok: true, data: made.data.id };
}

/** The mentor a new chat goes to without asking: a campaign's or the only one; undefined for the bot; null when the learner must choose. */
function fixedMentor(setup: TChatSetup): string | undefined | null {
  const campaign = setup.campaignMentorId ? setup.mentors.find((m) => m.id === setup.campaignMentorId) : undefined;
  if (campaign) return campaign.id;
  if (setup.mode === "single") return setup.mentors[0]?.id ?? null;
  if (setup.mode === "mentor-chooses") return undefined;
  return null;
}
