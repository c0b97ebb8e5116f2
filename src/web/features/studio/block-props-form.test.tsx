import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LANGUAGE_PACKAGES } from "../../../domain/constants";
import { ZActionBlock } from "../../../domain/blocks/engagement";
import { ZCoursesPopupBlock } from "../../../domain/blocks/course";
import { ZBlock } from "../../../domain/page";
import { ZCoursePatch, ZElementSettings } from "../../../domain/studio";
import { type Resources, translatorFor } from "../../i18n/translator";
import { TranslatorContext } from "../../i18n/use-translation";
import { BlockPropsForm } from "./block-props-form";
import { allFields, formModel } from "./form-model";
import { ZMicrocoursePatch } from "../../../domain/studio-microcourses";
import { ZNavigationItemSettings } from "../../../domain/studio-navigation";
import { ZEpisodeCreate, ZEpisodePatch, ZVideoEventPatch } from "../../../domain/studio-video-events";

const PORTAL_LANGS = ["tr", "en", "ar", "ru"];

function packs(lang: string): Resources {
  return Object.fromEntries(LANGUAGE_PACKAGES.map((pkg) => [pkg, JSON.parse(readFileSync(join(process.cwd(), "locales", lang, `${pkg}.json`), "utf8"))]));
}

function render(lang: string, schema: Parameters<typeof BlockPropsForm>[0]["schema"], value: unknown, helpScope?: string): string {
  return renderToStaticMarkup(
    <TranslatorContext.Provider value={translatorFor(lang, packs(lang))}>
      <BlockPropsForm schema={schema} value={value} languages={PORTAL_LANGS} onChange={() => {}} helpScope={helpScope} />
    </TranslatorContext.Provider>,
  );
}

/** The text of every <label> and <legend>, in order. */
const labels = (html: string) => [...html.matchAll(/<(?:label|legend)[^>]*>([^<]*)/g)].map((m) => m[1]);

const popup = {
  title: "Courses",
  openLabel: "Open",
  courses: [
    { id: "c1", title: "First", cover: { src: "/demo/a.svg", alt: "" } },
    { id: "c2", title: "Second", price: 10, currency: "USD" },
  ],
};

describe("BlockPropsForm over a rich block (courses-popup)", () => {
  it("labels its fields from the studio pack in English, with array items, add/remove/move buttons and optional groups", () => {
    const html = render("en", ZCoursesPopupBlock.shape.props, popup);
    expect(html).toMatch(/^<section aria-label="Block properties"/);
    expect(labels(html).slice(0, 5)).toEqual(["Title", "Text", "Open button label", "Courses", "Course 1"]);
    expect(html).toContain('aria-label="Move course 2 up"');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Move course 1 up"/);
    expect(html).toContain('aria-label="Remove course 1"');
    expect(html).toContain(">Add a course</button>");
    expect(html).toContain(">Remove the cover</button>");
    expect(html).toContain(">Add a cover</button>");
    // A site address is typed left to right, even in an Arabic interface.
    expect(html).toMatch(/<input[^>]*inputMode="url"[^>]*dir="ltr"[^>]*value="\/demo\/a.svg"/);
    expect(html).not.toContain("Some fields need fixing");
  });

  it("draws the same form in Arabic: Arabic labels and buttons", () => {
    const html = render("ar", ZCoursesPopupBlock.shape.props, popup);
    expect(labels(html).slice(0, 4)).toEqual(["العنوان", "النص", "تسمية زر الفتح", "الدورات"]);
    expect(html).toContain('aria-label="نقل الدورة 2 إلى الأعلى"');
    expect(html).toContain(">إضافة دورة</button>");
  });

  it("shows each issue at its field: a too long title, a missing course id and a price without currency", () => {
    const bad = { ...popup, title: "x".repeat(301), courses: [{ id: "", title: "A", price: 5 }] };
    const html = render("en", ZCoursesPopupBlock.shape.props, bad);
    const errorOf = (label: string) =>
      new RegExp(`>${label}(?:<span[^>]*>[^/]*</span>)?</label>[\\s\\S]*?<p id="[^"]*-error"[^>]*>([^<]*)</p>`).exec(html)?.[1];
    expect(html).toContain("Some fields need fixing");
    expect(errorOf("Title")).toBe("Too long: the maximum length is 300.");
    expect(errorOf("Identifier")).toMatch(/^Too short: the minimum length is 1\./);
    expect(errorOf("Currency")).toBe("This value is not valid.");
  });

  it("offers the action button's variants by the field only each has", () => {
    const html = render("en", ZActionBlock.shape.props, { title: "Go", button: { label: "Start", scenarioId: "sign-in" } });
    expect(html).toMatch(/<option value="0">Link<\/option><option value="1" selected="">Scenario<\/option>/);
    expect(labels(html)).toContain("Scenario");
    expect(labels(html)).not.toContain("Link");
  });

  it("names a discriminated union's variants by their tag (the course's pricing), in the interface's language", () => {
    const html = render("en", ZCoursePatch, { pricing: { type: "paid", price: 19.99, currency: "USD" } });
    expect(html).toMatch(/<option value="0">Free<\/option><option value="1" selected="">Paid<\/option>/);
    expect(render("tr", ZCoursePatch, { pricing: { type: "free" } })).toMatch(
      /<option value="0" selected="">Ücretsiz<\/option><option value="1">Ücretli<\/option>/,
    );
  });
});

describe("BlockPropsForm over localized texts (the studio's course patch)", () => {
  const value = { title: { tr: "Başlık", en: "Title", ru: "Заголовок" }, description: { tr: "Açıklama" } };

  it("puts every portal language side by side, Arabic right to left, and marks the missing ones (English interface)", () => {
    const html = render("en", ZCoursePatch, value);
    expect(html).toContain("md:grid-cols-[repeat(auto-fit,minmax(14rem,1fr))]");
    expect(labels(html).slice(0, 5)).toEqual(["Title", "Turkish", "English", "Arabic", "Russian"]);
    expect(html).toMatch(/<input[^>]*lang="ar"[^>]*dir="rtl"/);
    expect(html).toMatch(/<input[^>]*lang="en"[^>]*dir="ltr"[^>]*value="Title"/);
    // The title's and the description's marks (the course's button texts follow, all missing).
    expect(html.match(/Missing in [A-Za-z]+/g)?.slice(0, 4)).toEqual(["Missing in Arabic", "Missing in English", "Missing in Arabic", "Missing in Russian"]);
  });

  it("names the languages and the missing marks in the interface's language (Arabic)", () => {
    const html = render("ar", ZCoursePatch, value);
    expect(labels(html).slice(0, 2)).toEqual(["العنوان", "التركية"]);
    expect(html).toContain("غير متوفر باللغة العربية");
  });
});

describe("studio field labels", () => {
  const en = packs("en").studio as { fields: Record<string, string> };

  /** Every schema the studio builds a form from. */
  const SCHEMAS = () => [
    ...ZBlock.options.map((b) => b.shape.props),
    ZCoursePatch,
    ZElementSettings,
    ZNavigationItemSettings,
    ZMicrocoursePatch,
    ZVideoEventPatch,
    ZEpisodeCreate,
    ZEpisodePatch,
  ];

  it("exist in the pack for every field of every block and of the studio's settings forms (a humanised name is only a fallback)", () => {
    const names = new Set(SCHEMAS().flatMap((schema) => allFields(formModel(schema)).map((f) => f.name)));
    const unlabelled = [...names].filter((n) => n !== "" && n !== "[]" && !(n in en.fields));
    expect(unlabelled).toEqual([]);
    expect(Object.keys(en.fields).sort()).toEqual([...names].filter((n) => n !== "" && n !== "[]").sort());
  });

  const written = (pack: unknown, key: string) => {
    const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], pack);
    return typeof text === "string" && text.trim() !== "";
  };

  it.each(["en", "tr", "ar", "ru"])(
    "are written in %s for every field, every choice of a field's kinds and every help text of the course and element forms",
    (lang) => {
      const studio = packs(lang).studio;
      const fields = SCHEMAS().flatMap((schema) => allFields(formModel(schema)));
      const missing = [
        ...fields.filter((f) => f.name !== "" && f.name !== "[]").map((f) => `fields.${f.name}`),
        ...fields.filter((f) => f.kind === "variants").map((f) => `variants.${f.name}`),
        ...fields.filter((f) => f.kind === "variants" && f.clearable).map((f) => `variants.none.${f.name}`),
        ...Object.keys(ZCoursePatch.shape).map((name) => `help.course.${name}`),
        ...Object.keys(ZElementSettings.shape).map((name) => `help.element.${name}`),
      ].filter((key) => !written(studio, key));
      expect([...new Set(missing)]).toEqual([]);
    },
  );

  it.each(["en", "tr", "ar", "ru"])(
    "are written in %s for the add, remove, item and move buttons of every list and every field that may be left out (never the generic template)",
    (lang) => {
      const studio = packs(lang).studio;
      const fields = SCHEMAS().flatMap((schema) => allFields(formModel(schema)));
      const lists = fields.filter((f) => f.kind === "array").map((f) => f.name);
      const optionals = fields.filter((f) => f.kind === "group" && f.optional).map((f) => f.name);
      const localizedMedia = fields.filter((f) => f.kind === "localizedMedia").map((f) => f.name);
      expect(lists).toContain("courses");
      expect(optionals).toContain("award");
      expect(localizedMedia).toContain("covers");
      const missing = [
        ...lists.flatMap((n) => ["add", "item", "remove", "moveUp", "moveDown"].map((k) => `array.byField.${n}.${k}`)),
        ...optionals.flatMap((n) => ["add", "remove"].map((k) => `optional.byField.${n}.${k}`)),
        ...localizedMedia.flatMap((n) => ["choose", "clear", "preview", "pickerTitle"].map((k) => `localizedMedia.byField.${n}.${k}`)),
      ].filter((key) => !written(studio, key));
      expect([...new Set(missing)]).toEqual([]);
    },
  );

  it.each(["en", "ar"])("draw the course and element settings forms in %s with no button built of a template and a capitalised field label", (lang) => {
    const studio = packs(lang).studio as { fields: Record<string, string>; localizedMedia: { byField: { covers: { choose: string } } } };
    const course = render(lang, ZCoursePatch, { title: { en: "Course" }, pricing: { type: "free" }, covers: {} }, "course");
    const element = render(lang, ZElementSettings, { duration: 5 }, "element");
    for (const html of [course, element]) {
      const text = `${html.replace(/<[^>]+>/g, " ")} ${[...html.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]).join(" ")}`.replace(/\s+/g, " ");
      expect(text).not.toMatch(/\bAdd (?:to )?\p{Lu}/u);
      expect(text).not.toMatch(/\bRemove (?:item \d+ of )?\p{Lu}/u);
      // Neither the Arabic generic templates over a field's label ("إضافة جائزة الإتمام", "إزالة الفئة" are written; "إضافة إلى" is not).
      expect(text).not.toContain("إضافة إلى");
      // A cover per language is named in a sentence, not the file picker's generic name over the language's name.
      expect(text).not.toMatch(/file for “(?:Turkish|English|Arabic|Russian)”|لحقل «(?:التركية|الإنجليزية|العربية|الروسية)»/);
    }
    const award = lang === "en" ? "Add a completion award" : "إضافة جائزة إتمام";
    expect(course).toContain(`>${award}</button>`);
    const turkish = lang === "en" ? "Turkish" : "التركية";
    expect(course).toContain(`aria-label="${studio.localizedMedia.byField.covers.choose.replace("{{language}}", turkish)}"`);
  });

  it.each(["en", "ar"])("draw the course settings form in %s with written sentences only: no generated 'What X does' or 'Choose or upload : X'", (lang) => {
    const html = render(lang, ZCoursePatch, { title: { en: "Course" }, pricing: { type: "free" }, cover: "/demo/a.svg", covers: {} }, "course");
    const studio = packs(lang).studio as {
      variants: Record<string, unknown>;
      help: { course: Record<string, string> };
      media: { field: Record<string, string> };
    };
    // Every text a person reads or hears: the page's text and the accessible names.
    const text = `${html.replace(/<[^>]+>/g, " ")} ${[...html.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]).join(" ")}`.replace(/\s+/g, " ");
    expect(text).not.toMatch(/What .* does|Choose or upload :/);
    expect(labels(html)).toContain(studio.variants.pricing);
    expect(labels(html)).toContain(studio.variants.gift);
    expect(html).toContain(studio.help.course.pricing);
    expect(html).toContain(`aria-label="${studio.media.field.chooseFor!.replace("{{label}}", lang === "en" ? "Cover" : "الغلاف")}"`);
  });

  it("starts the completion gift at 'No gift' (not a file with an empty title), and a course's own gift at its kind", () => {
    const none = render("en", ZCoursePatch, { title: { en: "Course" }, pricing: { type: "free" } });
    expect(none).toMatch(/<option value="-1" selected="">No gift<\/option><option value="0">File<\/option><option value="1">Another course<\/option>/);
    expect(labels(none)).not.toContain("Address");
    const file = render("en", ZCoursePatch, { gift: { kind: "file", title: { en: "Checklist" }, url: "/demo/gifts/a.pdf" } });
    expect(file).toMatch(/<option value="-1">No gift<\/option><option value="0" selected="">File<\/option>/);
    expect(labels(file)).toContain("Address");
  });

  it("fall back to the humanised name for a field the pack does not know", async () => {
    const { z } = await import("zod");
    expect(labels(render("en", z.object({ welcomeNote: z.string().max(50) }), { welcomeNote: "Hi" }))).toEqual(["Welcome note"]);
  });
});

describe("BlockPropsForm's custom editors", () => {
  it("draw a field with the editor the hook gives for it (by name and kind), and the generated one for the rest", async () => {
    const { ZTextBlock } = await import("../../../domain/page");
    const Custom = ({ id, label, value }: { id: string; label: string; value: unknown }) => (
      <div id={id} data-custom={label}>
        {String(value)}
      </div>
    );
    const html = renderToStaticMarkup(
      <TranslatorContext.Provider value={translatorFor("en", packs("en"))}>
        <BlockPropsForm
          schema={ZTextBlock.shape.props}
          value={{ title: "T", html: "<p>x</p>" }}
          languages={["en"]}
          onChange={() => {}}
          customEditors={(model) => (model.name === "html" && model.kind === "longText" ? Custom : null)}
        />
      </TranslatorContext.Provider>,
    );
    expect(html).toMatch(/<div id="[^"]*-html" data-custom="Content">&lt;p&gt;x&lt;\/p&gt;<\/div>/);
    expect(labels(html)).toContain("Title");
    expect(html).not.toMatch(/<textarea[^>]*-html"/);
  });
});

describe("BlockPropsForm's file and date-time fields", () => {
  it("gives a file address the media picker (address, preview, choose and clear), in the interface's language", async () => {
    const { ZVideoBlock } = await import("../../../domain/blocks/media");
    const html = render("ar", ZVideoBlock.shape.props, { title: "T", url: "/media/abc.mp4", poster: "/media/p.png" });
    const pickers = [...html.matchAll(/data-testid="media-url-field" data-media-kind="(\w+)"/g)].map((m) => m[1]);
    expect(pickers).toEqual(["video", "image"]);
    expect(html).toContain(">اختيار أو رفع<");
    expect(html).toContain(">مسح<");
    // The poster's thumbnail; the video's file is named, not drawn.
    expect(html).toMatch(/<img src="\/media\/p.png" alt="معاينة: [^"]+" loading="lazy"/);
    expect(html).toMatch(/<span class="truncate" dir="ltr">abc.mp4<\/span>/);
    // The address can still be typed, left to right.
    expect(html).toMatch(/<input[^>]*inputMode="url"[^>]*dir="ltr"[^>]*value="\/media\/abc.mp4"/);
  });

  it("keeps a link a plain address: no picker for what is not a file", () => {
    const html = render("en", ZActionBlock.shape.props, { title: "Go", button: { label: "Start", href: "/en/courses" } });
    expect(html).not.toContain("media-url-field");
    expect(html).toMatch(/<input[^>]*inputMode="url"[^>]*value="\/en\/courses"/);
  });

  it("offers no clear button for an empty file field", () => {
    const html = render("en", ZElementSettings, { cover: undefined, duration: 5 });
    expect(html).toContain('data-testid="media-url-choose"');
    expect(html).not.toContain('data-testid="media-url-clear"');
  });

  it("draws an episode's start as a date-time control (waiting for the browser's zone on the server)", () => {
    const html = render("en", ZEpisodePatch, { title: { en: "E" }, startDate: "2026-05-01T15:00:00.000Z" });
    expect(html).toMatch(/<input[^>]*type="datetime-local"[^>]*disabled=""/);
  });
});
