import { and, asc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { definitionOf, takeTest, url } from "../../../../tests/support/assessments";
import { Browser, bearer, expectError, json } from "../../../../tests/support/http";
import { learner, sessionBrowser } from "../../../../tests/support/sign-in";
import type { TTestEditor } from "../../../domain/assessment/editor";
import type { TTestState } from "../../../domain/assessment/public";
import { auditLog } from "../../db/schema/audit";
import { testAnswers } from "../../db/schema/assessments";
import { upsertCourse, upsertElement } from "../../db/seed/course-factories";
import { readContentVersion } from "../../platform/content-version";

const origin = { origin: "http://localhost" };
const path = (elementId: string) => `/api/admin/elements/${elementId}/test`;

/** A choice question with texts in the primary language (tr) and en. */
const single = (id: string, correct = "y") => ({
  id,
  kind: "single",
  text: { tr: `Soru ${id}?`, en: `Question ${id}?` },
  variants: [
    { id: "y", text: { tr: "evet", en: "yes" } },
    { id: "n", text: { tr: "hayır", en: "no" } },
  ],
  correct: [correct],
});
const definition = (questions: unknown[] = [single("a")], extra: Record<string, unknown> = {}) => ({ passMark: 100, questions, ...extra });

describeEachDatabase("studio: the test question editor", (t) => {
  const admin = async (roles = ["disciple", "admin"]) => learner(t.app, t.db, { roles });
  const auditOf = (elementId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "test"), eq(auditLog.entityId, elementId)))
      .orderBy(asc(auditLog.id));

  /** A published course of its own with one test element (no test yet) and one lesson. */
  async function testElement() {
    const c = await upsertCourse(t.db, { portalId: t.config.PORTAL_ID, title: { tr: "Kurs", en: "Course" }, arbitraryWalkthrough: true, published: true });
    const e = await upsertElement(t.db, { courseId: c.id, type: "test", title: { tr: "Sınav", en: "Quiz" }, index: 0 });
    const lesson = await upsertElement(t.db, { courseId: c.id, type: "lesson", title: { tr: "Ders", en: "Lesson" }, index: 1 });
    return { courseId: c.id, id: e.id, lessonId: lesson.id };
  }

  it("creates, reads and replaces a test; the audit row names fields and languages; a learner is graded by the new question", async () => {
    const el = await testElement();
    const a = await admin();
    const empty = json<TTestEditor>(await a.browser.get(path(el.id)));
    expect(empty).toEqual({ elementId: el.id, revision: null, definition: null, savedBy: null });

    const version = await readContentVersion(t.db);
    const first = json<TTestEditor>(await a.browser.put(path(el.id), { baseRevision: null, definition: definition() }, origin));
    expect(first.revision).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(first.savedBy?.id).toBe(a.userId);
    expect(await readContentVersion(t.db)).toBeGreaterThan(version);

    const read = json<TTestEditor>(await a.browser.get(path(el.id)));
    expect(read.revision).toBe(first.revision);
    expect(read.definition?.questions.map((q) => q.id)).toEqual(["a"]);
    expect(read.definition?.questions[0]!.correct).toEqual(["y"]);
    expect(read.savedBy?.id).toBe(a.userId);

    // The author adds a question whose right answer is "n" and lowers the pass mark.
    const second = json<TTestEditor>(
      await a.browser.put(path(el.id), { baseRevision: read.revision, definition: definition([single("a"), single("b", "n")], { passMark: 50 }) }, origin),
    );
    expect(second.revision! > first.revision!).toBe(true);

    const rows = await auditOf(el.id);
    expect(rows.map((r) => r.action)).toEqual(["test.update", "test.update"]);
    expect(rows[1]).toMatchObject({ actorId: a.userId, summary: { fields: ["passMark", "questions"], langs: ["en", "tr"], courseId: el.courseId } });
    expect(JSON.stringify(rows)).not.toContain("Soru");

    // The learner's public API shows the new question without its answer, and grades by it.
    const l = await learner(t.app, t.db);
    const started = json<TTestState>(await l.browser.post(url.start(el.id)));
    expect(started.list.map((q) => q.id)).toEqual(["a", "b"]);
    expect(started.passMark).toBe(50);
    expect(JSON.stringify(started)).not.toMatch(/"correct"/);
    const onlyFirstRight = await takeTest(t.db, l.browser, el.id, 1);
    expect(onlyFirstRight.result).toMatchObject({ score: 50, passed: true });
    const other = await learner(t.app, t.db);
    expect((await takeTest(t.db, other.browser, el.id, 0)).result).toMatchObject({ score: 0, passed: false });
  });

  it("refuses a save from a stale revision with who saved and when, and writes nothing", async () => {
    const el = await testElement();
    const a = await admin();
    const b = await admin(["disciple", "mp-leader"]);
    const loaded = json<TTestEditor>(await a.browser.put(path(el.id), { baseRevision: null, definition: definition() }, origin));
    const winner = json<TTestEditor>(await a.browser.put(path(el.id), { baseRevision: loaded.revision, definition: definition([single("w")]) }, origin));
    const audits = (await auditOf(el.id)).length;
    const version = await readContentVersion(t.db);

    const stale = expectError(
      await b.browser.put(path(el.id), { baseRevision: loaded.revision, definition: definition([single("x")]) }, origin),
      409,
      "TEST-CONFLICT",
    );
    expect(stale.details).toMatchObject({ revision: winner.revision, savedAt: winner.revision, savedBy: { id: a.userId } });
    // A first save when a test exists is stale too; so is a made-up revision.
    expectError(await b.browser.put(path(el.id), { baseRevision: null, definition: definition([single("x")]) }, origin), 409, "TEST-CONFLICT");
    expectError(
      await b.browser.put(path(el.id), { baseRevision: "2000-01-01T00:00:00.000Z", definition: definition([single("x")]) }, origin),
      409,
      "TEST-CONFLICT",
    );
    expect((await definitionOf(t.db, el.id)).questions.map((q) => q.id)).toEqual(["w"]);
    expect(await auditOf(el.id)).toHaveLength(audits);
    expect(await readContentVersion(t.db)).toBe(version);

    // Two first saves at once: one creates the test, the other is stale.
    const fresh = await testElement();
    const both = await Promise.all([a, b].map((who) => who.browser.put(path(fresh.id), { baseRevision: null, definition: definition([single("p")]) }, origin)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(fresh.id)).toHaveLength(1);

    // Reloaded, the leader's save goes through.
    json(await b.browser.put(path(el.id), { baseRevision: winner.revision, definition: definition([single("x")]) }, origin));
    expect((await definitionOf(t.db, el.id)).questions.map((q) => q.id)).toEqual(["x"]);
  });

  it("refuses each bad definition at its field, and writes nothing", async () => {
    const el = await testElement();
    const a = await admin();
    const base = json<TTestEditor>(await a.browser.put(path(el.id), { baseRevision: null, definition: definition() }, origin));
    const put = (def: unknown, extra: Record<string, unknown> = {}) =>
      a.browser.put(path(el.id), { baseRevision: base.revision, definition: def, ...extra }, origin);
    const q = single("a");
    const cases: Array<[string, unknown]> = [
      ["definition.passMark", definition([q], { passMark: 101 })],
      ["definition.passMark", definition([q], { passMark: -1 })],
      ["definition.questions", definition([])],
      ["definition.questions", definition(Array.from({ length: 201 }, (_, i) => single(`q${i}`)))],
      ["definition.questions", definition([q, q])],
      ["definition.questions.0.correct", definition([{ ...q, correct: ["y", "n"] }])],
      ["definition.questions.0.correct", definition([{ ...q, kind: "multiple", correct: [] }])],
      ["definition.questions.0.correct", definition([{ ...q, kind: "multiple", correct: ["y", "y"] }])],
      ["definition.questions.0.correct", definition([{ ...q, correct: ["nope"] }])],
      ["definition.questions.0.variants", definition([{ ...q, variants: [q.variants[0], q.variants[0]] }])],
      ["definition.questions.0.variants", definition([{ ...q, variants: Array.from({ length: 13 }, (_, i) => ({ id: `v${i}`, text: { tr: "x" } })) }])],
      ["definition.questions.0.variants", definition([{ ...q, variants: [q.variants[0]] }])],
      ["definition.questions.0.variants.1.text", definition([{ ...q, variants: [q.variants[0], { id: "n", text: { tr: " " } }] }])],
      ["definition.questions.0.text", definition([{ ...q, text: {} }])],
      ["definition.questions.0.text.tr", definition([{ ...q, text: { tr: "x".repeat(2001) } }])],
      [
        "definition.questions.0.text",
        definition([{ ...q, text: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`l${String.fromCharCode(97 + i)}`, "x"])) }]),
      ],
      ["definition.questions.0.id", definition([{ ...q, id: "has space" }])],
      ["definition.questions.0.kind", definition([{ ...q, kind: "essay" }])],
      ["definition.questions.0.accepted", definition([{ id: "t", kind: "text", text: { tr: "On iki?" } }])],
      ["definition.questions.0.accepted", definition([{ ...q, accepted: ["y"] }])],
      ["definition.draw", definition([q], { draw: 2 })],
      ["definition.verificationType", definition([q], { verificationType: "robot" })],
      ["definition.retake.attemptLimit", definition([q], { retake: { attemptLimit: 0, cooldownSeconds: 0 } })],
      ["definition.questions.0.text.tr", definition([{ ...q, text: { tr: "a\u0000b" } }])],
      ["definition.questions.0.text.tr", definition([{ ...q, text: { en: "Only English" } }])],
      ["", { ...definition(), unknown: 1 }],
    ];
    const audits = (await auditOf(el.id)).length;
    for (const [field, def] of cases) {
      const err = expectError(await put(def, field === "" ? { extra: true } : {}), 400, "VALIDATION");
      const paths = ((err.details as { validationErrors?: Array<{ path: string }> }).validationErrors ?? []).map((e) => e.path);
      expect(paths, `${field}: ${JSON.stringify(err)}`).toContain(field);
    }
    expectError(await put(definition([{ ...q, text: { tr: "Soru", xx: "foreign" } }])), 400, "UNSUPPORTED-LANG");
    expectError(await put([q]), 400, "VALIDATION");
    expectError(await a.browser.put(path(el.id), { definition: definition() }, origin), 400, "VALIDATION");
    expectError(await a.browser.put(path(el.id), '{"baseRevision": nu', { ...origin, "content-type": "application/json" }), 400, "VALIDATION");
    // Beyond the body limit (4 MiB) the request is refused before it is parsed.
    expectError(await put(definition([{ ...q, explanation: { tr: "z".repeat(5 * 1024 * 1024) } }])), 413, "PAYLOAD-TOO-LARGE");
    expect(await auditOf(el.id)).toHaveLength(audits);
    expect((await definitionOf(t.db, el.id)).questions.map((x) => x.id)).toEqual(["a"]);
  });

  it("is for authors only; another element is not a test; nothing is written by a refusal", async () => {
    const el = await testElement();
    const a = await admin();
    json(await a.browser.put(path(el.id), { baseRevision: null, definition: definition() }, origin));
    const version = await readContentVersion(t.db);
    const body = { baseRevision: null, definition: definition([single("z")]) };
    const refused = [(await learner(t.app, t.db)).browser, (await admin(["disciple", "mentor"])).browser, (await sessionBrowser(t.app)).browser];
    for (const b of refused) {
      expectError(await b.get(path(el.id)), 403, "AUTHORS-ONLY");
      expectError(await b.put(path(el.id), body, origin), 403, "AUTHORS-ONLY");
    }
    expectError(await new Browser(t.app).get(path(el.id)), 401, "UNAUTHORIZED");
    expectError(await new Browser(t.app).put(path(el.id), body, origin), 401, "UNAUTHORIZED");
    expectError(await t.app.inject({ method: "GET", url: path(el.id), headers: bearer("not.a.token") }), 401, "TOKEN-BAD");
    // A lesson, and an element that is not there, are not tests.
    expectError(await a.browser.get(path(el.lessonId)), 404, "TEST-NOT-FOUND");
    expectError(await a.browser.put(path(el.lessonId), body, origin), 404, "TEST-NOT-FOUND");
    expectError(await a.browser.put(path("no-such-element"), body, origin), 404, "ELEMENT-NOT-RECEIVED");
    expectError(await a.browser.get(path("bad id!")), 400, "VALIDATION");
    expect((await definitionOf(t.db, el.id)).questions.map((q) => q.id)).toEqual(["a"]);
    expect(await readContentVersion(t.db)).toBe(version);
    // mp-admin and mp-leader author too.
    for (const roles of [
      ["disciple", "mp-admin"],
      ["disciple", "mp-leader"],
    ])
      json(await (await admin(roles)).browser.get(path(el.id)));
  });

  it("an attempt in progress drops a removed question: its answer is kept, not graded (decision 0053)", async () => {
    const el = await testElement();
    const a = await admin();
    const saved = json<TTestEditor>(await a.browser.put(path(el.id), { baseRevision: null, definition: definition([single("a"), single("b")]) }, origin));
    const l = await learner(t.app, t.db);
    const state = json<TTestState>(await l.browser.post(url.start(el.id)));
    json(await l.browser.post(url.answer(state.session!), { questionId: "a", variants: ["n"] }));
    // The wrongly answered question goes; the other one's right answer does not change.
    json(await a.browser.put(path(el.id), { baseRevision: saved.revision, definition: definition([single("b"), single("c")]) }, origin));
    const now = json<TTestState>(await l.browser.get(url.state(el.id)));
    expect(now.list.map((q) => q.id)).toEqual(["b"]);
    json(await l.browser.post(url.answer(state.session!), { questionId: "b", variants: ["y"] }));
    const submitted = json<{ result: { score: number; passed: boolean; variants: string[] } }>(await l.browser.post(url.submit(state.session!)));
    expect(submitted.result).toMatchObject({ score: 100, passed: true, variants: ["b"] });
    const kept = await t.db.select().from(testAnswers).where(eq(testAnswers.attemptId, state.session!));
    expect(kept.map((x) => x.questionId).sort()).toEqual(["a", "b"]);
  });

  it("a mentor-verified attempt waiting for review is graded over the questions the test still has", async () => {
    const el = await testElement();
    const a = await admin();
    const free = { id: "t", kind: "text", text: { tr: "Anlatın", en: "Explain" } };
    const saved = json<TTestEditor>(
      await a.browser.put(path(el.id), { baseRevision: null, definition: definition([single("a"), free], { verificationType: "mentor" }) }, origin),
    );
    const l = await learner(t.app, t.db);
    const state = json<TTestState>(await l.browser.post(url.start(el.id)));
    json(await l.browser.post(url.answer(state.session!), { questionId: "a", variants: ["n"] }));
    json(await l.browser.post(url.answer(state.session!), { questionId: "t", text: "Because." }));
    json(await l.browser.post(url.submit(state.session!)));
    // The wrongly answered choice question is removed while the free text waits for a mentor.
    json(await a.browser.put(path(el.id), { baseRevision: saved.revision, definition: definition([free], { verificationType: "mentor" }) }, origin));
    const m = await admin(["disciple", "mentor"]);
    const reviewed = json<{ status: string; score: number; passed: boolean }>(
      await m.browser.post(`/api/assessments/reviews/${state.session}/t`, { passed: true, comment: "Good." }, origin),
    );
    expect(reviewed).toMatchObject({ status: "graded", score: 100, passed: true });
  });

  it("an import goes through the same change: a test.import audit row, a new revision, a content version bump", async () => {
    const el = await testElement();
    const a = await admin();
    const saved = json<TTestEditor>(await a.browser.put(path(el.id), { baseRevision: null, definition: definition() }, origin));
    const version = await readContentVersion(t.db);
    const csv = "kind,question,variants,correct\nsingle,Bir mi iki mi?,bir|iki,2";
    json(await a.browser.post(`/api/assessments/elements/${el.id}/import`, { format: "csv", text: csv, lang: "tr" }, origin));
    expect(await readContentVersion(t.db)).toBeGreaterThan(version);
    const after = json<TTestEditor>(await a.browser.get(path(el.id)));
    expect(after.revision! > saved.revision!).toBe(true);
    expect(after.definition?.questions).toHaveLength(2);
    expect((await auditOf(el.id)).map((r) => [r.action, r.summary])).toEqual([
      ["test.update", { fields: ["draw", "passMark", "questions", "retake", "verificationType"], langs: ["en", "tr"], courseId: el.courseId }],
      ["test.import", { fields: ["questions"], langs: ["tr"] }],
    ]);
    // The editor's stale copy is refused after the import.
    expectError(await a.browser.put(path(el.id), { baseRevision: saved.revision, definition: definition() }, origin), 409, "TEST-CONFLICT");
  });
});
