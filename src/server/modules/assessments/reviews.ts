import type { TTestDefinition } from "../../../domain/assessment/definition";
import type { TReviewItem } from "../../../domain/assessment/public";
import { passes, scoreOf } from "../../../domain/assessment/rules";
import { USER_TOPIC } from "../../../domain/chat-rules";
import { AppError } from "../../../domain/errors";
import { localized } from "../../../domain/localized";
import { elementPath } from "../../../domain/element-path";
import type { TUser } from "../../../domain/user";
import type { Bus } from "../../platform/bus";
import type { LanguagePacks } from "../../platform/language-packs";
import { mailPack } from "../../platform/letters";
import type { CoursesService } from "../courses/service";
import type { NotificationsService } from "../notifications/service";
import { mayReview } from "./policy";
import type { AssessmentsRepo, AttemptRow } from "./repo";

export interface ReviewDeps {
  repo: AssessmentsRepo;
  courses: Pick<CoursesService, "lang" | "elementStructure">;
  notifications: Pick<NotificationsService, "writes" | "row">;
  bus: Pick<Bus, "publish">;
  packs: LanguagePacks;
  now: () => Date;
  /** Grants the awards of an attempt graded with full marks (after the commit). */
  fullMarks: (a: Pick<AttemptRow, "userId" | "courseId" | "elementId" | "status" | "score">) => Promise<unknown>;
}

interface AssessmentsMailPack {
  assessments?: { gradedTitle?: string; passedText?: string; failedText?: string };
}

const REVIEW_PAGE = 100;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");

function assertReviewer(user: TUser): void {
  if (!mayReview(user)) throw new AppError("MENTORS_ONLY", "The review queue is for mentors");
}

/**
 * Mentor-verified tests (issue 13): free-text answers wait in the mentors' queue; a mentor marks
 * each passed or not with a comment; when no answer of the attempt waits any more the attempt is
 * graded, its result updated and the learner notified (in the same transaction).
 */
export function createReviews(deps: ReviewDeps) {
  const { repo, courses } = deps;
  const name = (u: { firstName: string | null; lastName: string | null; username: string | null }) =>
    [u.firstName, u.lastName].filter(Boolean).join(" ") || u.username || "";

  return {
    async queue(user: TUser, lang: string): Promise<TReviewItem[]> {
      assertReviewer(user);
      const l = await courses.lang(lang);
      const rows = await repo.reviewQueue(REVIEW_PAGE);
      const defs = new Map<string, { def: TTestDefinition | null; title: string }>();
      const out: TReviewItem[] = [];
      for (const r of rows) {
        if (!defs.has(r.attempt.elementId)) {
          const s = await courses.elementStructure(r.attempt.elementId, { unpublished: true });
          defs.set(r.attempt.elementId, { def: await repo.definition(r.attempt.elementId), title: localized(s.element.title, l.lang, l.primaryLang) });
        }
        const d = defs.get(r.attempt.elementId)!;
        const q = d.def?.questions.find((x) => x.id === r.answer.questionId);
        out.push({
          attemptId: r.attempt.id,
          questionId: r.answer.questionId,
          elementId: r.attempt.elementId,
          courseId: r.attempt.courseId,
          testTitle: d.title,
          learner: { id: r.learner.id, name: name(r.learner) },
          question: q ? localized(q.text, l.lang, l.primaryLang) : r.answer.questionId,
          answer: r.answer.text ?? "",
          answeredAt: r.answer.answeredAt.toISOString(),
        });
      }
      return out;
    },

    async review(user: TUser, attemptId: string, questionId: string, body: { passed: boolean; comment: string }) {
      assertReviewer(user);
      const attempt = await repo.attempt(attemptId);
      if (!attempt) throw new AppError("REVIEW_NOT_FOUND", "No such answer");
      const def = await repo.definition(attempt.elementId);
      const s = await courses.elementStructure(attempt.elementId, { unpublished: true });
      const l = await courses.lang(attempt.lang);
      const pack = (await mailPack<AssessmentsMailPack>(deps.packs, l.lang)).assessments ?? {};
      const testTitle = localized(s.element.title, l.lang, l.primaryLang);
      const at = deps.now();
      const graded = await repo.transaction(async (tx) => {
        const locked = await tx.lockAttempt(attemptId);
        const answer = (await tx.answers(attemptId)).find((a) => a.questionId === questionId);
        if (!locked || !answer || (!answer.awaitingReview && answer.reviewedAt === null)) throw new AppError("REVIEW_NOT_FOUND", "No such answer");
        if (!answer.awaitingReview) throw new AppError("REVIEW_DONE", "The answer is already reviewed");
        await tx.review(attemptId, questionId, { correct: body.passed, reviewedBy: user.id, reviewComment: body.comment, reviewedAt: at });
        const answers = await tx.answers(attemptId);
        if (answers.some((a) => a.awaitingReview)) return { status: locked.status, score: locked.score, passed: locked.passed };
        const byQ = new Map(answers.map((a) => [a.questionId, a.correct]));
        // Graded over the attempt's questions the test still has, as a submission is (docs/decisions/0053).
        const live = def ? locked.questionIds.filter((id) => def.questions.some((q) => q.id === id)) : locked.questionIds;
        const score = scoreOf(live.map((id) => byQ.get(id) ?? false));
        const passed = passes(score, def?.passMark ?? 100);
        await tx.updateAttempt(attemptId, { status: "graded", score, passed, gradedAt: at });
        await tx.setResultPassed(attemptId, passed, score);
        await deps.notifications.writes(tx.raw).insert(
          deps.notifications.row({
            userId: locked.userId,
            type: "test-graded",
            title: pack.gradedTitle ?? "Your test is graded",
            text: fill((passed ? pack.passedText : pack.failedText) ?? "{{test}}: {{score}}%", { test: testTitle, score: String(score) }),
            avatar: null,
            link: elementPath(l.lang, attempt.courseId, "test", attempt.elementId),
            createdAt: at,
          }),
        );
        return { status: "graded" as const, score, passed };
      });
      if (graded.status === "graded") {
        await deps.bus.publish({ topic: USER_TOPIC(attempt.userId), kind: "unread", id: attempt.userId });
        // The learner's award for full marks; they see it in the profile (the popup belongs to their own submission).
        await deps.fullMarks({ ...attempt, status: graded.status, score: graded.score });
      }
      return { attemptId, questionId, ...graded };
    },
  };
}
