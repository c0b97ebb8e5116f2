import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { expectError, json } from "../../../../tests/support/http";
import { learner } from "../../../../tests/support/sign-in";
import type { TElementPage } from "../../../domain/element";
import type { TPage } from "../../../domain/page";
import type { TPageDocument, TStudioPage, TStudioPageSummary } from "../../../domain/studio-pages";
import type { TStudioElement } from "../../../domain/studio";

/*
 * Issue 28, problem 1: what an author publishes in the studio is what learners read. The walk of the
 * studio screens through their API: a course and a lesson, the lesson's page made as the designer
 * makes it (titled like the lesson, in the primary language only), a Text block saved, Publish, the
 * course published; then a signed-out visitor reads the lesson in tr and in a language the page lacks.
 */

const origin = { origin: "http://localhost" };
const TEXT = { title: "Yayın başlığı", html: "<p>Yazarın yayımladığı metin</p>" };

describeEachDatabase("studio: a published lesson page reaches learners", (t) => {
  const author = () => learner(t.app, t.db, { roles: ["mp-admin"] });
  type Author = Awaited<ReturnType<typeof author>>;
  const guest = (url: string) => t.app.inject({ method: "GET", url });

  /** The designer's steps up to Publish: the page of the model (made when it has none), a Text block, Publish. */
  async function publishTextBlock(a: Author, model: { name: "element" | "course"; id: string }, title: Record<string, string>, edit = (d: TPageDocument) => d) {
    const found = json<{ pages: TStudioPageSummary[] }>(await a.browser.get(`/api/admin/pages?model=${model.name}:${model.id}`)).pages;
    expect(found).toEqual([]);
    const made = json<TStudioPage>(await a.browser.post("/api/admin/pages", { alias: `${model.name}-${model.id}`, title, model }, origin), 201);
    const document = edit({ ...made.document, blocks: [{ id: "text-1", type: "text", props: { tr: TEXT } }] });
    const saved = json<{ revision: number }>(await a.browser.put(`/api/admin/pages/${made.alias}/draft`, { baseRevision: made.revision, document }, origin));
    const published = json<{ version: number }>(await a.browser.post(`/api/admin/pages/${made.alias}/publish`, { revision: saved.revision }, origin));
    expect(published.version).toBe(1);
    return made.alias;
  }

  async function courseWithLesson(a: Author, id: string) {
    json(await a.browser.post("/api/admin/courses", { id, title: { tr: `Kurs ${id}` } }, origin), 201);
    return json<TStudioElement>(await a.browser.post(`/api/admin/courses/${id}/elements`, { type: "lesson", title: { tr: "Yayın dersi" } }, origin), 201);
  }

  it("a lesson's Text block published from the studio is what a guest reads, in tr and, from tr, in en and ar", async () => {
    const a = await author();
    const lesson = await courseWithLesson(a, "publish-course");
    const alias = await publishTextBlock(a, { name: "element", id: lesson.id }, { tr: "Yayın dersi" });
    json(await a.browser.patch("/api/admin/courses/publish-course", { published: true }, origin));

    for (const lang of ["tr", "en", "ar"]) {
      const page = json<TElementPage>(await guest(`/api/elements/${lesson.id}?lang=${lang}`));
      expect(page.components, lang).toEqual([{ id: "text-1", type: "text", props: expect.objectContaining(TEXT) }]);
    }
    // The page itself, by its alias in the language it is written in, and by its model in any other.
    expect(json<TPage>(await guest(`/api/pages/by-alias/${alias}?lang=tr`))).toMatchObject({ alias, lang: "tr", published: true });
    const byModel = json<TPage>(await guest(`/api/pages/by-model/element/${lesson.id}?lang=ru`));
    expect(byModel).toMatchObject({ alias, lang: "tr", components: [{ id: "text-1", props: expect.objectContaining(TEXT) }] });
    // A language the page has is read in that language, not the primary one.
    const studio = json<TStudioPage>(await a.browser.get(`/api/admin/pages/${alias}`));
    const withEnglish = {
      ...studio.document,
      meta: { ...studio.document.meta, en: { title: "Publishing lesson", description: null, keywords: null, image: null } },
      blocks: [{ id: "text-1", type: "text", props: { tr: TEXT, en: { title: "Published title", html: "<p>The author's text</p>" } } }],
    };
    const saved = json<{ revision: number }>(await a.browser.put(`/api/admin/pages/${alias}/draft`, { baseRevision: 0, document: withEnglish }, origin));
    json(await a.browser.post(`/api/admin/pages/${alias}/publish`, { revision: saved.revision }, origin));
    expect(json<TElementPage>(await guest(`/api/elements/${lesson.id}?lang=en`)).components[0]!.props).toMatchObject({ title: "Published title" });
    expect(json<TElementPage>(await guest(`/api/elements/${lesson.id}?lang=ar`)).components[0]!.props).toMatchObject(TEXT);
  });

  it("a model's page is published even from a document whose switch is off; a plain page starts on and keeps its switch", async () => {
    const a = await author();
    const lesson = await courseWithLesson(a, "switch-course");
    json(await a.browser.patch("/api/admin/courses/switch-course", { published: true }, origin));
    await publishTextBlock(a, { name: "element", id: lesson.id }, { tr: "Yayın dersi" }, (d) => ({ ...d, published: false }));
    expect(json<TElementPage>(await guest(`/api/elements/${lesson.id}?lang=tr`)).components).toHaveLength(1);

    // A new plain page is published by Publish ...
    const made = json<TStudioPage>(await a.browser.post("/api/admin/pages", { alias: "fresh-page", title: { tr: "Yeni sayfa" } }, origin), 201);
    expect(made.document.published).toBe(true);
    json(await a.browser.post(`/api/admin/pages/fresh-page/publish`, { revision: made.revision }, origin));
    expect(json<TPage>(await guest("/api/pages/by-alias/fresh-page?lang=tr")).title).toBe("Yeni sayfa");
    // ... and switched off on purpose it answers 404, in exactly its language as before.
    expectError(await guest("/api/pages/by-alias/fresh-page?lang=en"), 404, "PAGE-NOT-FOUND");
    const live = json<TStudioPage>(await a.browser.get("/api/admin/pages/fresh-page"));
    const off = json<{ revision: number }>(
      await a.browser.put("/api/admin/pages/fresh-page/draft", { baseRevision: 0, document: { ...live.document, published: false } }, origin),
    );
    json(await a.browser.post(`/api/admin/pages/fresh-page/publish`, { revision: off.revision }, origin));
    expectError(await guest("/api/pages/by-alias/fresh-page?lang=tr"), 404, "PAGE-NOT-FOUND");
  });

  it("a lesson written in English only (no primary-language title) publishes, and readers of every language get it", async () => {
    const a = await author();
    json(await a.browser.post("/api/admin/courses", { id: "english-course", title: { en: "An English course" } }, origin), 201);
    const lesson = json<TStudioElement>(
      await a.browser.post(`/api/admin/courses/english-course/elements`, { type: "lesson", title: { en: "An English lesson" } }, origin),
      201,
    );
    const english = { title: "Written in English", html: "<p>The author's English text</p>" };
    await publishTextBlock(a, { name: "element", id: lesson.id }, { en: "An English lesson" }, (d) => ({
      ...d,
      blocks: [{ id: "text-1", type: "text", props: { en: english } }],
    }));
    json(await a.browser.patch("/api/admin/courses/english-course", { published: true }, origin));
    for (const lang of ["en", "tr", "ar"]) {
      expect(json<TElementPage>(await guest(`/api/elements/${lesson.id}?lang=${lang}`)).components[0]?.props, lang).toMatchObject(english);
    }
  });

  it("refuses to publish a plain page without a title in the primary language, and a model's page without any, naming the field", async () => {
    const a = await author();
    const plain = json<TStudioPage>(await a.browser.post("/api/admin/pages", { alias: "refused-page", title: { tr: "Sayfa" } }, origin), 201);
    const english = { ...plain.document, meta: { en: { title: "Only English", description: null, keywords: null, image: null } } };
    const saved = json<{ revision: number }>(
      await a.browser.put(`/api/admin/pages/refused-page/draft`, { baseRevision: plain.revision, document: english }, origin),
    );
    const refused = expectError(await a.browser.post(`/api/admin/pages/refused-page/publish`, { revision: saved.revision }, origin), 400, "PAGE-META-MISSING");
    expect(JSON.stringify(refused)).toContain("document.meta.tr.title");

    const lesson = await courseWithLesson(a, "refused-course");
    const made = json<TStudioPage>(
      await a.browser.post("/api/admin/pages", { alias: `element-${lesson.id}`, title: { tr: "Ders" }, model: { name: "element", id: lesson.id } }, origin),
      201,
    );
    const untitled = json<{ revision: number }>(
      await a.browser.put(`/api/admin/pages/${made.alias}/draft`, { baseRevision: made.revision, document: { ...made.document, meta: {} } }, origin),
    );
    expectError(await a.browser.post(`/api/admin/pages/${made.alias}/publish`, { revision: untitled.revision }, origin), 400, "PAGE-META-MISSING");
  });
});
