import { describe, expect, it } from "vitest";
import type { TNavigationItem } from "../../../domain/portal";
import { headerNavigation, navHref } from "./header-nav-model";

const item = (id: string, extra: Partial<TNavigationItem> = {}): TNavigationItem => ({
  id,
  title: { tr: `Öğe ${id}`, en: `Item ${id}` },
  link: `/${id}`,
  published: true,
  ...extra,
});

describe("navHref", () => {
  it("leads a page alias to /{lang}/pages/{alias}, the main page to the language's index", () => {
    expect(navHref({ alias: "blocks-showcase" }, "ar")).toBe("/ar/pages/blocks-showcase");
    expect(navHref({ alias: "main" }, "en")).toBe("/en/");
  });

  it("prefers the alias to a link, prefixes site paths with the language and keeps other sites' addresses", () => {
    expect(navHref({ alias: "advantages", link: "/courses/" }, "en")).toBe("/en/pages/advantages");
    expect(navHref({ link: "/courses/" }, "ru")).toBe("/ru/courses/");
    expect(navHref({ link: "/#main-faq" }, "tr")).toBe("/tr/#main-faq");
    expect(navHref({ link: "/" }, "tr")).toBe("/tr/");
    expect(navHref({ link: "https://blog.example/a" }, "tr")).toBe("https://blog.example/a");
    expect(navHref({}, "tr")).toBeUndefined();
  });
});

describe("headerNavigation", () => {
  it("keeps the whole tree in order with icons, new-tab flags and language fallback", () => {
    const tree: TNavigationItem[] = [
      item("home", { alias: "main", icon: "home" }),
      item("learn", {
        link: undefined,
        icon: "book",
        children: [
          item("courses", { link: "/courses/" }),
          item("watch", {
            link: undefined,
            children: [item("tube", { link: "https://www.youtube.com/@mentora", openInNewTab: true, icon: "video" })],
          }),
        ],
      }),
    ];
    const [home, learn] = headerNavigation(tree, "en", "tr");
    expect(home).toEqual({ id: "home", label: "Item home", href: "/en/", external: false, newTab: false, icon: "home", children: [] });
    expect(learn).toMatchObject({ id: "learn", label: "Item learn", icon: "book", external: false });
    expect(learn!.href).toBeUndefined();
    expect(learn!.children.map((c) => c.id)).toEqual(["courses", "watch"]);
    expect(learn!.children[1]!.children[0]).toEqual({
      id: "tube",
      label: "Item tube",
      href: "https://www.youtube.com/@mentora",
      external: true,
      newTab: true,
      icon: "video",
      children: [],
    });
    // Russian is missing: the portal's primary language (Turkish) stands in.
    expect(headerNavigation(tree, "ru", "tr")[0]!.label).toBe("Öğe home");
    // Neither the language nor the primary: any title there is.
    expect(headerNavigation([item("x", { title: { ar: "عنصر" } })], "en", "tr")[0]!.label).toBe("عنصر");
  });

  it("leaves out hidden and unpublished items with everything under them", () => {
    const tree: TNavigationItem[] = [
      item("draft", { published: false, children: [item("under-draft")] }),
      item("secret", { hidden: true }),
      item("menu", { link: undefined, children: [item("shown"), item("hidden-child", { hidden: true }), item("draft-child", { published: false })] }),
    ];
    const drawn = headerNavigation(tree, "en", "tr");
    expect(drawn.map((e) => e.id)).toEqual(["menu"]);
    expect(drawn[0]!.children.map((e) => e.id)).toEqual(["shown"]);
  });

  it("leaves out an item with nothing to open or no title, and draws no icon for a name outside the set", () => {
    const tree: TNavigationItem[] = [
      item("empty-group", { link: undefined, children: [item("gone", { hidden: true })] }),
      item("no-title", { title: {} }),
      item("old-icon", { icon: "rocket" }),
      item("link-with-hidden-children", { children: [item("gone-too", { published: false })] }),
    ];
    const drawn = headerNavigation(tree, "en", "tr");
    expect(drawn.map((e) => e.id)).toEqual(["old-icon", "link-with-hidden-children"]);
    expect(drawn[0]!.icon).toBeNull();
    expect(drawn[1]!.children).toEqual([]);
  });
});
