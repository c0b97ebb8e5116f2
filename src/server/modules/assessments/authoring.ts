import { ZTestDefinition, type TTestDefinition } from "../../../domain/assessment/definition";
import { parseQuestions, type TImportFormat } from "../../../domain/assessment/import";
import type { TImportReply, TQuestionStats, TTestStatistics } from "../../../domain/assessment/authoring";
import { AppError } from "../../../domain/errors";
import { localized } from "../../../domain/localized";
import type { TUser } from "../../../domain/user";
import type { CoursesService } from "../courses/service";
import { mayAuthor } from "./policy";
import type { AssessmentsRepo } from "./repo";

export interface AuthoringDeps {
  repo: AssessmentsRepo;
  courses: Pick<CoursesService, "lang" | "elementStructure">;
}

function assertAuthor(user: TUser): void {
  if (!mayAuthor(user)) throw new AppError("AUTHORS_ONLY", "Authoring of tests is for admins and mentor leaders");
}

/** A test element (published or not: authors see drafts). */
async function testElement(deps: AuthoringDeps, elementId: string) {
  const s = await deps.courses.elementStructure(elementId, { unpublished: true });
  if (s.element.type !== "test") throw new AppError("TEST_NOT_FOUND", `Element ${elementId} is not a test`);
  return s;
}

/**
 * Authoring of tests before the studio exists (issue 13): per-question statistics (how many chose
 * each variant, how long answering took) and the import of questions from CSV and GIFT.
 */
export function createAuthoring(deps: AuthoringDeps) {
  return {
    async statistics(user: TUser, elementId: string, lang: string): Promise<TTestStatistics> {
      assertAuthor(user);
      const l = await deps.courses.lang(lang);
      await testElement(deps, elementId);
      const def = await deps.repo.definition(elementId);
      if (!def) throw new AppError("TEST_NOT_FOUND", `Element ${elementId} has no test`);
      const answers = await deps.repo.answersOfElement(elementId);
      const pick = (v: Record<string, string>) => localized(v, l.lang, l.primaryLang);
      const questions: TQuestionStats[] = def.questions.map((q) => {
        const mine = answers.filter((a) => a.questionId === q.id);
        const timed = mine.map((a) => a.durationMs);
        return {
          id: q.id,
          kind: q.kind,
          text: pick(q.text),
          answered: mine.length,
          correct: mine.filter((a) => a.correct === true).length,
          awaitingReview: mine.filter((a) => a.awaitingReview).length,
          averageMs: timed.length ? Math.round(timed.reduce((s, x) => s + x, 0) / timed.length) : null,
          variants: q.variants.map((v) => ({ id: v.id, text: pick(v.text), chosen: mine.filter((a) => a.variants.includes(v.id)).length })),
        };
      });
      return { elementId, attempts: new Set(answers.map((a) => a.attemptId)).size, questions };
    },

    /**
     * Imports questions into a test element's test: appended to its questions, or replacing them; a
     * new test takes `settings` (pass mark and the rest). Any bad line refuses the whole import.
     */
    async import(
      user: TUser,
      elementId: string,
      body: { format: TImportFormat; text: string; lang: string; mode: "append" | "replace"; settings?: Partial<Omit<TTestDefinition, "questions">> },
    ): Promise<TImportReply> {
      assertAuthor(user);
      const l = await deps.courses.lang(body.lang);
      await testElement(deps, elementId);
      const existing = await deps.repo.definition(elementId);
      const kept = body.mode === "append" ? (existing?.questions ?? []) : [];
      const parsed = parseQuestions(body.format, body.text, l.lang);
      if (!parsed.ok) throw new AppError("IMPORT_INVALID", `${parsed.errors.length} bad lines`, { errors: parsed.errors });
      // Imported ids never collide with the questions kept.
      const taken = new Set(kept.map((q) => q.id));
      let n = 0;
      const fresh = parsed.questions.map((q) => {
        let id: string;
        do id = `q${++n}`;
        while (taken.has(id));
        taken.add(id);
        return { ...q, id };
      });
      const candidate = ZTestDefinition.safeParse({
        passMark: 60,
        verificationType: "automatic",
        ...(existing ? { passMark: existing.passMark, verificationType: existing.verificationType, retake: existing.retake, draw: existing.draw } : {}),
        ...body.settings,
        questions: [...kept, ...fresh],
      });
      if (!candidate.success) {
        throw new AppError("IMPORT_INVALID", "The test would not be valid", {
          errors: candidate.error.issues.map((i) => ({ line: 0, message: `${i.path.join(".")}: ${i.message}` })),
        });
      }
      await deps.repo.saveDefinition(elementId, candidate.data);
      return { elementId, imported: fresh.length, questions: candidate.data.questions.length };
    },
  };
}
