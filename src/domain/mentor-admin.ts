import { z } from "zod";
import { ZChatMode, type TChatMode } from "./chat";
import { ZText } from "./validation/safe-text";

/**
 * The back office's mentors (issue 16, docs/decisions/0059): who serves the portal's chat, their
 * campaign and availability, their load, and the chat's assignment mode.
 */

/** The chat settings' `assignment` that gives each mode (seed §4): see modeOf in modules/chat. */
export type TAssignment = "learner-chooses" | "mentor-chooses" | "single";
export const ASSIGNMENT_OF: Record<TChatMode, TAssignment> = { single: "single", multiple: "learner-chooses", "mentor-chooses": "mentor-chooses" };
export const MODE_OF: Record<TAssignment, TChatMode> = { single: "single", "learner-chooses": "multiple", "mentor-chooses": "mentor-chooses" };

/** A utm_campaign name: learners who arrived with it are connected to this mentor. */
export const ZCampaignName = ZText.trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._~-]+$/);

export const ZAdminMentor = z.object({
  /** The mentor profile (`mnt_...`). */
  id: z.string(),
  uid: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  /** They lead the mentors (mp-leader): they also read and hand out every chat. */
  leader: z.boolean(),
  campaign: z.string().nullable(),
  available: z.boolean(),
  /** Open chats they hold, and of those the ones whose learner waits for an answer. */
  openChats: z.number().int(),
  unanswered: z.number().int(),
});
export type TAdminMentor = z.infer<typeof ZAdminMentor>;

export const ZMentorCandidate = z.object({ uid: z.string(), fullName: z.string(), email: z.string().nullable() });
export type TMentorCandidate = z.infer<typeof ZMentorCandidate>;

export const ZAdminMentors = z.object({
  /** The mode the leaders chose (what learners get also depends on who is available: single needs one, multiple two). */
  mode: ZChatMode,
  mentors: z.array(ZAdminMentor),
  /** Users with the mentor role who do not serve this portal yet (at most 100). */
  candidates: z.array(ZMentorCandidate),
});
export type TAdminMentors = z.infer<typeof ZAdminMentors>;

export const ZAddMentorRequest = z.object({
  userId: ZText.min(1).max(100),
  campaign: ZCampaignName.nullable().optional(),
  available: z.boolean().optional(),
});
export type TAddMentorRequest = z.input<typeof ZAddMentorRequest>;

export const ZMentorPatch = z
  .object({ campaign: ZCampaignName.nullable().optional(), available: z.boolean().optional() })
  .refine((p) => p.campaign !== undefined || p.available !== undefined, { message: "Nothing to change", path: ["available"] });
export type TMentorPatch = z.input<typeof ZMentorPatch>;

export const ZChatModeRequest = z.object({ mode: ZChatMode });
