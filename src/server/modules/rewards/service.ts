import { AppError, isAppError } from "../../../domain/errors";
import { coursePath } from "../../../domain/element-path";
import { viewerOf } from "../../../domain/learning-access";
import { localized } from "../../../domain/localized";
import type { TAwardRef } from "../../../domain/award-ref";
import {
  awardsFor,
  type RewardEvent,
  type TCourseGift,
  type TEarnedAward,
  type TMyRewards,
  type TOfferedGift,
  type TReceivedGift,
} from "../../../domain/rewards";
import { isSignedIn, type TUser } from "../../../domain/user";
import type { Db } from "../../db/client";
import type { CoursesService } from "../courses/service";
import type { ProgressService } from "../progress/service";
import type { UsersService } from "../users/service";
import type { GiftReceiptRow, RewardsRepo } from "./repo";

export interface RewardsServiceDeps {
  repo: RewardsRepo;
  courses: Pick<CoursesService, "lang" | "structure">;
  progress: Pick<ProgressService, "courseProgress">;
  users: Pick<UsersService, "grantCourse">;
  /** The gift letter, sent after the receipt commits (a failed letter is logged; the gift stays in the profile). */
  sendGiftLetter: (to: TUser, gift: TReceivedGift, lang: string) => Promise<void>;
  portalId: string;
  log: { warn: (o: object, msg: string) => void };
}

/** Who may ask for a completion gift: a registered account (the gift also goes out by e-mail). */
export function assertMayReceiveGift(user: TUser): void {
  if (!isSignedIn(user)) throw new AppError("REGISTRATION_REQUIRED", "Sign up to receive a course gift");
}

/**
 * Awards and completion gifts (docs/decisions/0038). Awards are granted where their event happens
 * (courseFinished, called by the progress service after a finish commits); gifts are asked for.
 */
export function createRewardsService(deps: RewardsServiceDeps) {
  const { repo, courses, portalId } = deps;

  async function finished(user: TUser, courseId: string): Promise<boolean> {
    const p = await deps.progress.courseProgress(viewerOf(user), courseId);
    return p.total > 0 && p.doneCount === p.total;
  }

  async function presentGift(row: Pick<GiftReceiptRow, "courseId" | "gift" | "receivedAt">, lang: string): Promise<TReceivedGift> {
    const l = await courses.lang(lang);
    const text = (v: Record<string, string>) => localized(v, l.lang, l.primaryLang);
    const course = await courses.structure(row.courseId, { unpublished: true });
    const gift: TCourseGift = row.gift;
    return {
      courseId: row.courseId,
      courseTitle: text(course.course.title),
      kind: gift.kind,
      title: text(gift.title),
      link: gift.kind === "file" ? gift.url : coursePath(l.lang, gift.courseId),
      receivedAt: row.receivedAt.toISOString(),
    };
  }

  /**
   * THE granting of awards: the portal's definitions the event earns, inserted once each (the primary
   * key decides between racing grants); only the call that inserted a row reports it.
   */
  async function grantFor(userId: string, event: RewardEvent): Promise<TAwardRef[]> {
    const earned = awardsFor(await repo.definitions(portalId), event);
    const granted = await repo.grant(
      userId,
      portalId,
      earned.map((a) => a.id),
      event.courseId,
    );
    return granted.map((g) => ({ awardId: g.awardId, courseId: g.courseId }));
  }

  return {
    /** Grants what finishing `courseId` earns; the refs of the awards this call granted (the award-popup's state). */
    courseFinished: (userId: string, courseId: string): Promise<TAwardRef[]> => grantFor(userId, { kind: "course-finished", courseId }),

    /**
     * Grants what a test graded with full marks earns (the assessments module calls it after the
     * grading commits, for automatic grading and a mentor's last review alike); the refs this call granted.
     */
    testFullMarks: (userId: string, courseId: string, elementId: string): Promise<TAwardRef[]> =>
      grantFor(userId, { kind: "test-full-marks", courseId, elementId }),

    /** Grants what a learner's answer in a discussion of `courseId` earns (the discussions module calls it after the reply commits). */
    discussionAnswer: (userId: string, courseId: string): Promise<TAwardRef[]> => grantFor(userId, { kind: "discussion-answer", courseId }),

    async mine(user: TUser, lang: string): Promise<TMyRewards> {
      const l = await courses.lang(lang);
      const text = (v: Record<string, string>) => localized(v, l.lang, l.primaryLang);
      const [definitions, held, receipts, gifts] = await Promise.all([
        repo.definitions(portalId),
        repo.heldBy(user.id, portalId),
        repo.receipts(user.id),
        isSignedIn(user) ? repo.allGifts() : [],
      ]);
      const byId = new Map(definitions.map((d) => [d.id, d]));
      const awards: TEarnedAward[] = held.flatMap((h) => {
        const d = byId.get(h.awardId);
        // An award the portal no longer defines is not shown (its holders keep the row should it return).
        return d
          ? [
              {
                awardId: d.id,
                title: text(d.title),
                description: text(d.description),
                badge: d.badge,
                courseId: h.courseId,
                earnedAt: h.earnedAt.toISOString(),
              },
            ]
          : [];
      });
      const received = new Set(receipts.map((r) => r.courseId));
      const offered: TOfferedGift[] = [];
      for (const { courseId, gift } of gifts) {
        if (received.has(courseId)) continue;
        // A course unpublished since, or one this learner has not finished, offers nothing now.
        const course = await courses.structure(courseId, { unpublished: false }).catch((e: unknown) => {
          if (isAppError(e, "COURSE_NOT_RECEIVED")) return null;
          throw e;
        });
        if (course && (await finished(user, courseId)))
          offered.push({ courseId, courseTitle: text(course.course.title), kind: gift.kind, title: text(gift.title) });
      }
      return { awards, gifts: await Promise.all(receipts.map((r) => presentGift(r, l.lang))), offered };
    },

    /**
     * Seed 000 §7 gift request: a registered learner who finished the course receives its gift once.
     * Asking again answers the same gift and sends nothing more.
     */
    async requestGift(user: TUser, courseId: string, lang: string): Promise<TReceivedGift> {
      assertMayReceiveGift(user);
      const gift = await repo.giftOf(courseId);
      // The course is read first: an unknown or unpublished course is COURSE-NOT-RECEIVED, as elsewhere.
      await courses.structure(courseId, { unpublished: false });
      if (!gift) throw new AppError("GIFT_NOT_OFFERED", `Course ${courseId} offers no gift`, { courseId });
      const had = await repo.receipt(user.id, courseId);
      if (had) return presentGift(had, lang);
      if (!(await finished(user, courseId))) throw new AppError("COURSE_NOT_FINISHED", `Course ${courseId} is not finished`, { courseId });
      const row = await repo.transaction(async (tx: Db) => {
        const received = await repo.receive(tx, user.id, courseId, gift);
        if (received && gift.kind === "course") await deps.users.grantCourse(tx, user.id, gift.courseId);
        return received;
      });
      // A parallel request stored it first: answer what it stored, without a second letter.
      if (!row) return presentGift((await repo.receipt(user.id, courseId))!, lang);
      const presented = await presentGift(row, lang);
      await deps.sendGiftLetter(user, presented, lang).catch((err: unknown) => deps.log.warn({ err, courseId }, "gift letter not sent"));
      return presented;
    },
  };
}
export type RewardsService = ReturnType<typeof createRewardsService>;
