import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ZSafeUrl } from "../../../domain/blocks/common";
import { ZActionBlock, ZAppPromoBlock } from "../../../domain/blocks/engagement";
import { ZAudioBlock, ZFileBlock, ZGalleryBlock, ZVideoBlock } from "../../../domain/blocks/media";
import { ZPartnersBlock, ZPersonBlock } from "../../../domain/blocks/people";
import { mediaField } from "../../../domain/media-field";
import { ZPageMeta } from "../../../domain/studio-pages";
import { ZCoursesPopupBlock } from "../../../domain/blocks/course";
import { ZDiagramBlock } from "../../../domain/blocks/diagram";
import { ZLocalized } from "../../../domain/portal";
import { ZBlock, ZPhotoBlock } from "../../../domain/page";
import { ZCoursePatch, ZElementSettings } from "../../../domain/studio";
import { ZMicrocoursePatch } from "../../../domain/studio-microcourses";
import { ZNavigationItemSettings } from "../../../domain/studio-navigation";
import { ZEpisodePatch, ZVideoEventPatch } from "../../../domain/studio-video-events";
import { allFields, emptyValue, type FieldModel, formModel } from "./form-model";

const field = (model: FieldModel, path: string) => allFields(model).find((f) => f.path.join(".") === path);

describe("formModel over every block of the registry (src/domain/blocks and page.ts)", () => {
  const blocks = ZBlock.options;

  it("covers all the block types", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(26);
  });

  it.each(blocks.map((b) => [b.shape.type.value, b] as const))("%s: every field of its props has an editor (no unsupported kind)", (_type, block) => {
    const model = formModel(block.shape.props);
    expect(model.kind).toBe("group");
    expect(allFields(model).filter((f) => f.kind === "unsupported")).toEqual([]);
  });

  it.each([
    ["course", ZCoursePatch],
    ["element", ZElementSettings],
    ["microcourse", ZMicrocoursePatch],
    ["video event", ZVideoEventPatch],
    ["episode", ZEpisodePatch],
    ["navigation item", ZNavigationItemSettings],
  ] as const)("%s settings: every field has an editor, a field cleared with null as an optional one", (_name, schema) => {
    const fields = allFields(formModel(schema));
    expect(fields.filter((f) => f.kind === "unsupported")).toEqual([]);
  });

  it("edits a nullable field like an optional one", () => {
    expect(field(formModel(ZElementSettings), "cover")).toMatchObject({ kind: "media", media: "image", optional: true });
  });

  it.each(blocks.map((b) => [b.shape.type.value, b] as const))(
    "%s: a whole block hides its literal type and starts from a value of that type",
    (type, block) => {
      const model = formModel(block);
      expect(field(model, "type")).toMatchObject({ kind: "hidden", value: type });
      expect(emptyValue(model)).toMatchObject({ type, id: "" });
    },
  );
});

describe("formModel field kinds", () => {
  const popup = formModel(ZCoursesPopupBlock.shape.props);

  it("tells short texts from long ones, and required from optional", () => {
    expect(field(popup, "title")).toMatchObject({ kind: "text", optional: false, maxLength: 300 });
    expect(field(popup, "text")).toMatchObject({ kind: "longText", optional: true, maxLength: 1000 });
  });

  it("gives an array its item model and its bounds, with the item's fields under '[]'", () => {
    expect(field(popup, "courses")).toMatchObject({ kind: "array", minItems: 1, maxItems: 100, item: { kind: "group" } });
    expect(field(popup, "courses.[].duration")).toMatchObject({ kind: "number", integer: true, min: 0, max: 100_000, optional: true });
    expect(field(popup, "courses.[].price")).toMatchObject({ kind: "number", integer: false, min: 0, max: 10_000_000 });
  });

  it("knows a site address (ZSafeUrl, also when refined further) and a nested optional group", () => {
    expect(field(popup, "courses.[].cover")).toMatchObject({ kind: "group", optional: true });
    expect(field(popup, "courses.[].cover")).toMatchObject({ kind: "group", optional: true });
    expect(field(formModel(z.object({ href: ZSafeUrl.refine((u) => u.length > 1) })), "href")).toMatchObject({ kind: "url" });
    expect(field(formModel(z.object({ link: z.url() })), "link")).toMatchObject({ kind: "url" });
  });

  it("makes a select of an enum and a number list of the diagram's data", () => {
    const diagram = formModel(ZDiagramBlock.shape.props);
    expect(field(diagram, "kind")).toMatchObject({ kind: "select", options: ["bar", "pie"] });
    expect(field(diagram, "data.[].value")).toMatchObject({ kind: "number", min: 0, max: 1e12 });
  });

  it("makes variants of a union of objects (the action button: a link or a scenario)", () => {
    const button = field(formModel(ZActionBlock.shape.props), "button");
    expect(button?.kind).toBe("variants");
    if (button?.kind !== "variants") return;
    expect(button.variants.map((v) => v.fields.map((f) => f.name))).toEqual([
      ["label", "href"],
      ["label", "scenarioId"],
    ]);
  });

  it("makes booleans, dates, localized maps and defaults", () => {
    const model = formModel(z.object({ on: z.boolean(), day: z.iso.date(), title: ZLocalized, mode: z.enum(["a", "b"]).default("a") }));
    expect(field(model, "on")).toMatchObject({ kind: "boolean" });
    expect(field(model, "day")).toMatchObject({ kind: "date" });
    expect(field(model, "title")).toMatchObject({ kind: "localized", optional: false });
    expect(field(model, "mode")).toMatchObject({ kind: "select", optional: true });
  });

  it("reports what it cannot edit with its path instead of dropping it", () => {
    const model = formModel(
      z.object({ when: z.date(), tags: z.record(z.string(), z.number()), inner: z.object({ mixed: z.union([z.string(), z.number()]) }) }),
    );
    expect(allFields(model).filter((f) => f.kind === "unsupported")).toEqual([
      { kind: "unsupported", path: ["when"], name: "when", optional: false, zodType: "date" },
      { kind: "unsupported", path: ["tags"], name: "tags", optional: false, zodType: "record" },
      { kind: "unsupported", path: ["inner", "mixed"], name: "mixed", optional: false, zodType: "union" },
    ]);
  });

  it("starts a new group with its required fields only", () => {
    const item = field(popup, "courses.[]");
    expect(item && emptyValue(item)).toEqual({ id: "", title: "" });
  });
});

describe("formModel gives the media picker to the fields whose schema marks them as media (decision 0052)", () => {
  const mediaFields = (schema: Parameters<typeof formModel>[0]) =>
    allFields(formModel(schema))
      .filter((f) => f.kind === "media" || f.kind === "localizedMedia")
      .map((f) => [f.path.join("."), f.kind === "media" || f.kind === "localizedMedia" ? f.media : ""]);

  it.each([
    ["photo block", ZPhotoBlock.shape.props, [["src", "image"]]],
    [
      "video block",
      ZVideoBlock.shape.props,
      [
        ["url", "video"],
        ["poster", "image"],
        ["captions.src", "file"],
      ],
    ],
    ["audio block", ZAudioBlock.shape.props, [["src", "audio"]]],
    ["file block", ZFileBlock.shape.props, [["url", "file"]]],
    ["gallery block", ZGalleryBlock.shape.props, [["images.[].src", "image"]]],
    ["person block", ZPersonBlock.shape.props, [["photo.src", "image"]]],
    ["partners block", ZPartnersBlock.shape.props, [["items.[].logo", "image"]]],
    ["app promo block", ZAppPromoBlock.shape.props, [["image.src", "image"]]],
    [
      "course settings",
      ZCoursePatch,
      [
        ["cover", "image"],
        ["covers", "image"],
        ["gift.url", "file"],
      ],
    ],
    ["element settings", ZElementSettings, [["cover", "image"]]],
    ["microcourse settings", ZMicrocoursePatch, [["cover", "image"]]],
    ["video event settings", ZVideoEventPatch, [["cover", "image"]]],
    ["page meta", ZPageMeta, [["image", "image"]]],
  ] as const)("%s: exactly its file addresses, each with its kind", (_name, schema, expected) => {
    expect(mediaFields(schema)).toEqual(expected);
  });

  it("gives a course's covers one image per language, over a default cover (decision 0062)", () => {
    const covers = allFields(formModel(ZCoursePatch)).find((f) => f.path.join(".") === "covers");
    expect(covers).toMatchObject({ kind: "localizedMedia", media: "image", optional: true });
    expect(covers && emptyValue(covers)).toEqual({});
    // A localized text stays a text per language.
    expect(allFields(formModel(ZCoursePatch)).find((f) => f.path.join(".") === "description")).toMatchObject({ kind: "localized" });
  });

  it("keeps links, plain addresses and texts as they were: a link is no file", () => {
    const action = formModel(ZActionBlock.shape.props);
    expect(allFields(action).filter((f) => f.kind === "media")).toEqual([]);
    expect(allFields(action).some((f) => f.kind === "url")).toBe(true);
    expect(field(formModel(ZPartnersBlock.shape.props), "items.[].url")).toMatchObject({ kind: "url" });
    expect(field(formModel(ZFileBlock.shape.props), "name")).toMatchObject({ kind: "text" });
  });

  it("follows the mark, not the field's name, through optional, nullable, default and further checks", () => {
    const model = formModel(
      z.object({
        src: z.string(),
        picture: mediaField(z.string(), "image").max(100).nullable().default(null),
        clip: mediaField(ZSafeUrl, "video")
          .refine((u) => u.endsWith(".mp4"))
          .optional(),
      }),
    );
    expect(field(model, "src")).toMatchObject({ kind: "longText" });
    expect(field(model, "picture")).toMatchObject({ kind: "media", media: "image", optional: true });
    expect(field(model, "clip")).toMatchObject({ kind: "media", media: "video", optional: true });
    expect(emptyValue(field(model, "clip") as FieldModel)).toBe("");
  });

  it("gives an episode's start a date-time control, not a text box", () => {
    expect(field(formModel(ZEpisodePatch), "startDate")).toMatchObject({ kind: "dateTime", optional: true });
    expect(field(formModel(z.object({ at: z.iso.datetime({ offset: true }) })), "at")).toMatchObject({ kind: "dateTime", optional: false });
  });
});
