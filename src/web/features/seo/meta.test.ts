import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { seoMeta, type SeoInput } from "./meta";

const base: SeoInput = {
  kind: "course",
  title: "TypeScript from scratch",
  description: "Types, generics and tooling.",
  keywords: "typescript, course",
  image: "/media/ts-cover.png",
  url: "https://learn.example.com/en/courses/ts",
  lang: "en",
  primaryLang: "tr",
  site: {
    title: { tr: "Mentora Akademi", en: "Mentora Academy" },
    description: { tr: "Kurslar ve dersler", en: "Courses and lessons" },
    keywords: { tr: "kurslar", en: "courses" },
    image: "https://cdn.example.com/og.png",
  },
  siteName: "Mentora",
};

const find = (meta: MetaDescriptor[], pred: (m: Record<string, unknown>) => boolean) =>
  meta.filter((m) => pred(m as Record<string, unknown>)) as Array<Record<string, unknown>>;
const byName = (meta: MetaDescriptor[], name: string) => find(meta, (m) => m.name === name);
const byProp = (meta: MetaDescriptor[], property: string) => find(meta, (m) => m.property === property);

describe("seoMeta", () => {
  it("gives title, description, canonical and og tags for a course", () => {
    const meta = seoMeta(base);
    expect(find(meta, (m) => "title" in m)).toEqual([{ title: "TypeScript from scratch | Mentora Academy" }]);
    expect(byName(meta, "description")).toEqual([{ name: "description", content: "Types, generics and tooling." }]);
    expect(find(meta, (m) => m.rel === "canonical")).toEqual([{ tagName: "link", rel: "canonical", href: "https://learn.example.com/en/courses/ts" }]);
    expect(byProp(meta, "og:title")[0].content).toBe("TypeScript from scratch | Mentora Academy");
    expect(byProp(meta, "og:description")[0].content).toBe("Types, generics and tooling.");
    expect(byProp(meta, "og:url")[0].content).toBe("https://learn.example.com/en/courses/ts");
    expect(byProp(meta, "og:type")[0].content).toBe("article");
    expect(byProp(meta, "og:locale")[0].content).toBe("en");
  });

  it("makes the og:image absolute against the page origin", () => {
    expect(byProp(seoMeta(base), "og:image")).toEqual([{ property: "og:image", content: "https://learn.example.com/media/ts-cover.png" }]);
  });

  it("falls back to the site image, which is already absolute", () => {
    expect(byProp(seoMeta({ ...base, image: null }), "og:image")[0].content).toBe("https://cdn.example.com/og.png");
  });

  it("omits og:image when there is no image at all", () => {
    expect(byProp(seoMeta({ ...base, image: null, site: { ...base.site, image: undefined } }), "og:image")).toEqual([]);
  });

  it("includes keywords when present and falls back to the site keywords", () => {
    expect(byName(seoMeta(base), "keywords")).toEqual([{ name: "keywords", content: "typescript, course" }]);
    expect(byName(seoMeta({ ...base, keywords: null }), "keywords")[0].content).toBe("courses");
  });

  it("omits keywords when neither the page nor the site has any", () => {
    const meta = seoMeta({ ...base, keywords: null, site: { ...base.site, keywords: undefined } });
    expect(byName(meta, "keywords")).toEqual([]);
  });

  it("adds robots noindex only when noindex is set", () => {
    expect(byName(seoMeta(base), "robots")).toEqual([]);
    expect(byName(seoMeta({ ...base, noindex: false }), "robots")).toEqual([]);
    expect(byName(seoMeta({ ...base, noindex: true }), "robots")).toEqual([{ name: "robots", content: "noindex" }]);
  });

  it("uses the site title and description, in the page language then the primary one", () => {
    const meta = seoMeta({ ...base, kind: "main", title: undefined, description: null, lang: "ru" });
    expect(find(meta, (m) => "title" in m)[0].title).toBe("Mentora Akademi");
    expect(byName(meta, "description")[0].content).toBe("Kurslar ve dersler");
    expect(byProp(meta, "og:type")[0].content).toBe("website");
  });

  it("puts the site title first on the main page and falls back to the site name", () => {
    expect(find(seoMeta({ ...base, kind: "main", title: "Welcome" }), (m) => "title" in m)[0].title).toBe("Mentora Academy — Welcome");
    const bare = seoMeta({ ...base, kind: "page", title: "About", site: {} });
    expect(find(bare, (m) => "title" in m)[0].title).toBe("About | Mentora");
  });
});
