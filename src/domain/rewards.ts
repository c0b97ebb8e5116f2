import { z } from "zod";
import { ZCourseId, ZLang } from "./course";
import { ZElementId } from "./element";
import { ZLocalized } from "./portal";
import { ZText } from "./validation/safe-text";

/*
 * Awards and completion gifts (issue 13; seed 000 §2.4 award-popup (awardId, courseId), §7 gift request).
 * An award is a badge a rule grants once per learner; a gift is what a course gives a learner who
 * finished it, asked for once.
 */

export const ZAwardId = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9-]+$/);

/**
 * What earns an award. Rules are checked where their event happens, through awardsFor(); a new kind
 * adds a branch here and an event.
 */
export const ZAwardRule = z.discriminatedUnion("kind", [
  /** Finishing a course: the one named, or any course. */
  z.object({ kind: z.literal("course-finished"), courseId: ZCourseId.optional() }),
  /** A test graded with every drawn question right (score 100): of the course or the test element named, or any. */
  z.object({ kind: z.literal("test-full-marks"), courseId: ZCourseId.optional(), elementId: ZElementId.optional() }),
  /**
   * A learner's answer in a discussion: a reply to another person's post (modules/discussions); held
   * once, so the first answer earns it. Of the course named, or any.
   */
  z.object({ kind: z.literal("discussion-answer"), courseId: ZCourseId.optional() }),
]);
export type TAwardRule = z.infer<typeof ZAwardRule>;

/** An award as a portal defines it. */
export const ZAwardDefinition = z.object({
  id: ZAwardId,
  title: ZLocalized,
  description: ZLocalized,
  /** One of the badge pictures the web app draws (features/rewards/award-badge.tsx). */
  badge: z.enum(["star", "book", "trophy"]),
  rule: ZAwardRule,
  /**
   * No longer granted (a creator took it off its course), still shown to whoever holds it: a definition
   * is never deleted under its holders.
   */
  retired: z.boolean().optional(),
});
export type TAwardDefinition = z.infer<typeof ZAwardDefinition>;

/** Something that happened to a learner that an award rule may answer. */
export type RewardEvent =
  | { kind: "course-finished"; courseId: string }
  | { kind: "test-full-marks"; courseId: string; elementId: string }
  | { kind: "discussion-answer"; courseId: string };

/** Whether one rule answers one event: the same kind, and every id the rule names is the event's. */
function matches(rule: TAwardRule, event: RewardEvent): boolean {
  if (rule.courseId !== undefined && rule.courseId !== event.courseId) return false;
  switch (rule.kind) {
    case "course-finished":
      return event.kind === "course-finished";
    case "test-full-marks":
      return event.kind === "test-full-marks" && (rule.elementId === undefined || rule.elementId === event.elementId);
    case "discussion-answer":
      return event.kind === "discussion-answer";
  }
}

/** The definitions an event earns (the caller grants each at most once). */
export function awardsFor(definitions: readonly TAwardDefinition[], event: RewardEvent): TAwardDefinition[] {
  return definitions.filter(({ rule, retired }) => !retired && matches(rule, event));
}

/** An award a learner holds, in their language. */
export const ZEarnedAward = z.object({
  awardId: ZAwardId,
  title: z.string(),
  description: z.string(),
  badge: ZAwardDefinition.shape.badge,
  /** The course whose event earned it, if one did (the award-popup's courseId). */
  courseId: z.string().nullable(),
  earnedAt: z.string(),
});
export type TEarnedAward = z.infer<typeof ZEarnedAward>;

/** What a course gives on completion: a file to download, or access to another course. */
export const ZCourseGift = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("file"),
    title: ZLocalized,
    /** A file the portal serves (a path under /) or an https address. */
    url: ZText.max(500).regex(/^(\/[^/\\]|https:\/\/)\S*$/),
  }),
  z.object({ kind: z.literal("course"), title: ZLocalized, courseId: ZCourseId }),
]);
export type TCourseGift = z.infer<typeof ZCourseGift>;

/** A gift the learner received. */
export const ZReceivedGift = z.object({
  courseId: z.string(),
  /** The course that gave it, in the learner's language. */
  courseTitle: z.string(),
  kind: z.enum(["file", "course"]),
  title: z.string(),
  /** The file's address, or the path of the course it opened. */
  link: z.string(),
  receivedAt: z.string(),
});
export type TReceivedGift = z.infer<typeof ZReceivedGift>;

/** A gift the learner may ask for now: the course is finished and its gift not yet received. */
export const ZOfferedGift = z.object({ courseId: z.string(), courseTitle: z.string(), kind: z.enum(["file", "course"]), title: z.string() });
export type TOfferedGift = z.infer<typeof ZOfferedGift>;

export const ZRewardsQuery = z.object({ lang: ZLang });
export const ZMyRewards = z.object({ awards: z.array(ZEarnedAward), gifts: z.array(ZReceivedGift), offered: z.array(ZOfferedGift) });
export type TMyRewards = z.infer<typeof ZMyRewards>;
