import { ZTestDefinition, type TTestDefinition } from "../../../domain/assessment/definition";
import { parseQuestions, type TImportFormat } from "../../../domain/assessment/import";
import type { TImportReply, TQuestionStats, TTestStatistics } from "../../../domain/assessment/authoring";
import type { TTestEditor, TTestPut } from "../../../domain/assessment/editor";
import { AppError } from "../../../domain/errors";
import { localized } from "../../../domain/localized";
import type { TUser } from "../../../domain/user";
import type { CoursesService } from "../courses/service";
import { mayAuthor } from "./policy";
import type { AssessmentsRepo, TestWrites } from "./repo";

export interface AuthoringDeps {
  repo: AssessmentsRepo;
  courses: Pick<CoursesService, "lang" | "elementStructure">;
  /** The portal the audit rows of test changes belong to. */
  portalId: string;
}

/** Every language a definition has a text in (the audit summary names them, never the texts). */
function langsOf(def: TTestDefinition): string[] {
  const out = new Set<string>();
  const add = (v: Record<string, string>) => Object.keys(v).forEach((k) => out.add(k));
  for (const q of def.questions) {
    [q.text, q.explanation, q.feedback.correct, q.feedback.incorrect].forEach(add);
    for (const v of q.variants) [v.text, ...(v.image ? [v.image.alt] : [])].forEach(add);
  }
  return [...out].sort();
}

/** The top-level fields of a definition that differ from the stored one (all of them for a new test). */
function changedFields(before: TTestDefinition | null, after: TTestDefinition): string[] {
  const keys = Object.keys(after) as Array<keyof TTestDefinition>;
  return keys.filter((k) => !before || JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();
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

/** A person as the editor names them (as the page designer's savedBy). */
const displayName = (u: TUser) => [u.firstName, u.lastName].filter(Boolean).join(" ").trim() || u.username || u.email || "";

/** The 409 of a stale save: the revision there is, when and by whom it was saved. */
async function conflict(w: TestWrites, elementId: string, at: Date | null): Promise<AppError> {
  const savedBy = at ? await w.lastSaver(elementId) : null;
  const revision = at ? at.toISOString() : null;
  return new AppError("TEST_CONFLICT", `The test is at revision ${revision ?? "none"}`, { revision, savedAt: revision, savedBy });
}

/**
 * Authoring of tests: per-question statistics (how many chose each variant, how long answering took),
 * the import of questions from CSV and GIFT (issue 13), and the studio's question editor, which reads
 * and replaces the whole definition from a revision (issue 15, docs/decisions/0053). Every write is one
 * content change with its audit row.
 */
export function createAuthoring(deps: AuthoringDeps) {
  const authorOf = (user: TUser) => ({ portalId: deps.portalId, actorId: user.id });
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
      await deps.repo.changeTest(authorOf(user), async (w) => {
        const locked = await w.lockTest(elementId);
        if (locked) await w.replaceTest(elementId, candidate.data);
        else if (!(await w.insertTest(elementId, candidate.data))) await w.replaceTest(elementId, candidate.data);
        await w.audit({ action: "test.import", entityId: elementId, summary: { fields: ["questions"], langs: [l.lang] } });
      });
      return { elementId, imported: fresh.length, questions: candidate.data.questions.length };
    },

    /** The question editor's read: the whole definition (correct answers included: authors only), its revision and last saver. */
    async editor(user: TUser, elementId: string): Promise<TTestEditor> {
      assertAuthor(user);
      await testElement(deps, elementId);
      const row = await deps.repo.testRow(elementId);
      return {
        elementId,
        revision: row ? row.updatedAt.toISOString() : null,
        definition: row ? row.definition : null,
        savedBy: row ? await deps.repo.lastSaver(elementId) : null,
      };
    },

    /**
     * Replaces a test's definition from the editor. The save names the revision it was made from; a
     * newer one is TEST-CONFLICT (409) with who saved it and when, and nothing is written. Texts exist
     * only in the portal's languages and each question needs one in the primary language. What becomes
     * of learners' answers is docs/decisions/0053.
     */
    async replace(user: TUser, elementId: string, body: TTestPut): Promise<TTestEditor> {
      assertAuthor(user);
      const s = await testElement(deps, elementId);
      const langs = langsOf(body.definition);
      // Every question says something (the schema), so there is a language to ask; each must be the portal's.
      let primaryLang = "";
      for (const code of langs) primaryLang = (await deps.courses.lang(code)).primaryLang;
      const untitled = body.definition.questions.findIndex((q) => !q.text[primaryLang]?.trim());
      if (untitled >= 0) {
        throw new AppError("VALIDATION", `Every question needs a text in the portal's primary language (${primaryLang})`, {
          validationErrors: [{ path: `definition.questions.${untitled}.text.${primaryLang}`, message: "Required" }],
        });
      }
      const revision = await deps.repo.changeTest(authorOf(user), async (w) => {
        const locked = await w.lockTest(elementId);
        const current = locked ? locked.updatedAt.toISOString() : null;
        if (current !== body.baseRevision) throw await conflict(w, elementId, locked?.updatedAt ?? null);
        const before = locked ? await w.definition(elementId) : null;
        const at = locked ? await w.replaceTest(elementId, body.definition) : await w.insertTest(elementId, body.definition);
        // A parallel first save made the row after our look: that save wins, ours is the stale one.
        if (!at) throw await conflict(w, elementId, (await w.testRow(elementId))?.updatedAt ?? null);
        await w.audit({
          action: "test.update",
          entityId: elementId,
          summary: { fields: changedFields(before, body.definition), langs, courseId: s.course.id },
        });
        return at.toISOString();
      });
      return { elementId, revision, definition: body.definition, savedBy: { id: user.id, name: displayName(user) } };
    },
  };
}
