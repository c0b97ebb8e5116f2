import { gradeQuiz, type TQuizProps } from "../../../domain/blocks/quiz";
import { AppError } from "../../../domain/errors";
import { type Auth, contentRefusalError, requestViewer, type TViewer, viewerOf } from "../../../domain/learning-access";
import {
  aggregateOf,
  parseQuizTopicId,
  quizTopic,
  type TInteractionResultRequest,
  type TQuizAggregate,
  type TQuizResultReply,
  type TQuizResultRequest,
} from "../../../domain/results";
import type { TUser } from "../../../domain/user";
import type { Bus } from "../../platform/bus";
import { base32Id } from "../../platform/ids";
import type { CoursesService } from "../courses/service";
import type { PagesService } from "../pages/service";
import type { UsersService } from "../users/service";
import { mayIdentify, ownerOf, type ResultOwner, sameOwner } from "./policy";
import type { QuizResultRow, ResultsRepo } from "./repo";

export interface ResultsDeps {
  repo: ResultsRepo;
  portalId: string;
  pages: Pick<PagesService, "findQuiz">;
  courses: Pick<CoursesService, "elementStructure" | "contentAccess">;
  users: Pick<UsersService, "findById">;
  bus: Pick<Bus, "publish">;
  log?: { warn(obj: object, msg: string): void };
}

/** The chosen variant ids, checked against the quiz: known, not repeated, one on a single-choice quiz. */
function answerIdsOf(props: TQuizProps, answers: TQuizResultRequest["answers"]): string[] {
  const invalid = (why: string) => new AppError("QUIZ_ANSWER_INVALID", why);
  const ids = answers.map((a) => a.id);
  if (ids.length === 0) throw invalid("No answer");
  const known = new Set(props.variants.map((v) => v.id));
  const chosen: string[] = [];
  for (const id of ids) {
    if (id === undefined || !known.has(id)) throw invalid(`Answer ${id ?? "(no id)"} is not a variant`);
    if (chosen.includes(id)) throw invalid(`Answer ${id} repeats`);
    chosen.push(id);
  }
  if (!props.multiple && chosen.length > 1) throw invalid("One answer on a single-choice quiz");
  return chosen;
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n");

/**
 * Quiz and interaction results (issue 13; seed 000 §3, §5, §7): creating them once per send key,
 * grading quizzes on the server from the stored block, the quiz aggregate, and identify (a guest
 * session's results become an account's).
 */
export function createResultsService(deps: ResultsDeps) {
  const { repo, portalId } = deps;

  const reply = (row: QuizResultRow, props: TQuizProps): TQuizResultReply => ({
    id: row.id,
    passed: row.passed,
    correct: props.correct ?? [],
    explanation: props.explanation ?? null,
    multiple: row.multiple,
  });

  /** Tells the sockets following this quiz that its aggregate changed; a lost event is caught up by polling. */
  const announce = async (dialogId: string, msgId: string, id: string) => {
    try {
      await deps.bus.publish({ topic: quizTopic(dialogId, msgId), kind: "result", id });
    } catch (err) {
      deps.log?.warn({ err }, "results: the quiz event was not published");
    }
  };

  async function quizProps(viewer: TViewer, dialogId: string, msgId: string, lang?: string) {
    return (await deps.pages.findQuiz(viewer, dialogId, msgId, lang)).props;
  }

  return {
    /** Seed §7 quiz results create: graded here; the reply tells the correct ids and the explanation. */
    async createQuizResult(auth: Auth, input: TQuizResultRequest): Promise<TQuizResultReply> {
      const viewer = requestViewer(auth, { badToken: "refuse" });
      const owner = ownerOf(auth, input.sessionId);
      const props = await quizProps(viewer, input.dialogId, input.msgId, input.lang);
      const answerIds = answerIdsOf(props, input.answers);
      const inserted = await repo.insertQuiz({
        id: base32Id("qzr_"),
        portalId,
        key: input.key,
        userId: owner.userId,
        sessionId: owner.sessionId,
        email: input.email ?? null,
        dialogId: input.dialogId,
        msgId: input.msgId,
        text: input.text ?? null,
        variants: input.variants,
        answers: input.answers,
        answerIds,
        // Seed §5: more than one answer sets multiple, whatever the sender said.
        multiple: input.answers.length > 1,
        passed: gradeQuiz(props, answerIds),
        categoryId: input.categoryId ?? null,
        elementId: input.elementId ?? (input.dialogId.startsWith("element:") ? input.dialogId.slice("element:".length) : null),
      });
      if (inserted) {
        await announce(input.dialogId, input.msgId, inserted.id);
        return reply(inserted, props);
      }
      // The key was used: the same send again (a retry, a parallel duplicate) gets the same answer.
      const existing = await repo.quizByKey(portalId, input.key);
      if (
        !existing ||
        !sameOwner(existing, owner) ||
        existing.dialogId !== input.dialogId ||
        existing.msgId !== input.msgId ||
        !sameIds(existing.answerIds, answerIds)
      ) {
        throw new AppError("RESULT_KEY_CONFLICT", `Result key ${input.key} was used for another result`);
      }
      return reply(existing, props);
    },

    /**
     * Seed §7 quiz results aggregate (dialogId, msgId): per variant, how many learners and guest
     * sessions chose it, each counted once with their latest answer. Readers of the quiz's page only.
     */
    async quizAggregate(auth: Auth, dialogId: string, msgId: string): Promise<TQuizAggregate> {
      const props = await quizProps(requestViewer(auth, { badToken: "refuse" }), dialogId, msgId);
      const { total, counts } = await repo.quizAggregate(portalId, dialogId, msgId);
      return aggregateOf(
        dialogId,
        msgId,
        total,
        counts,
        props.variants.map((v) => v.id),
      );
    },

    /** The realtime check of `quiz:{dialogId}:{msgId}`: whoever may read the quiz's page. */
    async mayWatchQuiz(user: TUser | null, topicId: string): Promise<boolean> {
      const ids = parseQuizTopicId(topicId);
      if (!ids) return false;
      try {
        await quizProps(user ? viewerOf(user) : { kind: "guest" }, ids.dialogId, ids.msgId);
        return true;
      } catch (e) {
        if (e instanceof AppError) return false;
        throw e;
      }
    },

    /** Seed §7 interaction results create: for an element the viewer may open, in its own course. */
    async createInteractionResult(auth: Auth, input: TInteractionResultRequest): Promise<{ id: string; multiple: boolean }> {
      const viewer = requestViewer(auth, { badToken: "refuse" });
      const owner = ownerOf(auth, input.sessionId);
      if (input.answers.length === 0) throw new AppError("VALIDATION", "No answer: senders skip sending then (seed 5)");
      const s = await deps.courses.elementStructure(input.elementId, { unpublished: false });
      if (s.course.id !== input.courseId) throw new AppError("ELEMENT_NOT_RECEIVED", `Element ${input.elementId} is not in course ${input.courseId}`);
      const verdict = await deps.courses.contentAccess(viewer, "element", input.elementId);
      if (verdict) throw contentRefusalError(verdict.refusal, verdict.target, { code: "ELEMENT_NOT_RECEIVED", message: "Element is not received" });
      const multiple = input.answers.length > 1;
      const inserted = await repo.insertInteraction({
        id: base32Id("itr_"),
        portalId,
        key: input.key,
        userId: owner.userId,
        sessionId: owner.sessionId,
        type: input.type,
        componentId: input.componentId,
        componentName: input.componentName,
        variants: input.variants,
        answers: input.answers,
        passed: input.passed,
        multiple,
        courseId: input.courseId,
        elementId: input.elementId,
        dialogId: input.dialogId ?? null,
        text: input.text ?? null,
      });
      if (inserted) return { id: inserted.id, multiple };
      const existing = await repo.interactionByKey(portalId, input.key);
      if (!existing || !sameOwner(existing, owner) || existing.componentId !== input.componentId || existing.elementId !== input.elementId) {
        throw new AppError("RESULT_KEY_CONFLICT", `Result key ${input.key} was used for another result`);
      }
      return { id: existing.id, multiple: existing.multiple };
    },

    /**
     * Seed §7 quiz-results identify (email, sessionId): the guest session's results become the
     * signed-in account's, only when its profile has that e-mail. Returns how many quiz results moved.
     */
    async identify(auth: Auth, input: { email: string; sessionId: string }): Promise<{ attached: number }> {
      if (auth.kind === "bad-token") throw new AppError("TOKEN_BAD", "The access token is not valid");
      if (auth.kind === "guest") throw new AppError("UNAUTHORIZED", "Sign in to keep your answers");
      if (!mayIdentify(auth.user, input.email)) throw new AppError("IDENTIFY_EMAIL_MISMATCH", "The profile has another or no e-mail");
      return { attached: await this.attachGuestSession(auth.user.id, input.sessionId) };
    },

    /**
     * At a sign-in (the browser's guest session cookie): the same attach, when the account's profile
     * has an e-mail (seed 7). Returns how many quiz results moved.
     */
    async attachGuestSession(userId: string, sessionId: string): Promise<number> {
      const user = await deps.users.findById(userId);
      if (!user?.email || user.status === "session") return 0;
      const moved = await repo.attachSession(portalId, sessionId, userId);
      const quizzes = new Map(moved.map((m) => [quizTopic(m.dialogId, m.msgId), m]));
      for (const m of quizzes.values()) await announce(m.dialogId, m.msgId, userId);
      return moved.length;
    },
  };
}
export type ResultsService = ReturnType<typeof createResultsService>;
export type { ResultOwner };
