import { describe, expect, it } from "vitest";
import { firstSegment, langRedirectTarget, pickLang, switchLangPath, type LangRedirectInput } from "./lang-redirect";

const base: LangRedirectInput = { pathname: "/", search: "", supported: ["tr", "en", "ar", "ru"], primary: "tr" };
const input = (over: Partial<LangRedirectInput>): LangRedirectInput => ({ ...base, ...over });

describe("firstSegment", () => {
  it("returns the first non-empty path segment", () => {
    expect(firstSegment("/en/courses/1")).toBe("en");
    expect(firstSegment("courses")).toBe("courses");
    expect(firstSegment("//ru//x")).toBe("ru");
  });

  it("returns an empty string for the root", () => {
    expect(firstSegment("/")).toBe("");
    expect(firstSegment("")).toBe("");
  });
});

describe("pickLang", () => {
  it("uses the primary language when nothing else is known", () => {
    expect(pickLang(input({}))).toBe("tr");
  });

  it("uses a supported cookie language", () => {
    expect(pickLang(input({ cookieLang: "en" }))).toBe("en");
  });

  it("prefers the previous route's language over the cookie", () => {
    expect(pickLang(input({ previousLang: "ru", cookieLang: "en" }))).toBe("ru");
  });

  it("ignores unsupported candidates", () => {
    expect(pickLang(input({ previousLang: "de", cookieLang: "fr" }))).toBe("tr");
    expect(pickLang(input({ previousLang: "de", cookieLang: "ar" }))).toBe("ar");
    expect(pickLang(input({ previousLang: null, cookieLang: "" }))).toBe("tr");
  });
});

describe("langRedirectTarget", () => {
  it("prefixes the primary language and keeps the query string", () => {
    expect(langRedirectTarget(input({ pathname: "/courses", search: "?x=1" }))).toBe("/tr/courses?x=1");
  });

  it("uses the cookie language when it is supported", () => {
    expect(langRedirectTarget(input({ pathname: "/courses", search: "?x=1", cookieLang: "en" }))).toBe("/en/courses?x=1");
  });

  it("lets the previous route's language win over the cookie", () => {
    expect(langRedirectTarget(input({ pathname: "/courses", search: "?x=1", previousLang: "ar", cookieLang: "en" }))).toBe("/ar/courses?x=1");
  });

  it("ignores an unsupported cookie language", () => {
    expect(langRedirectTarget(input({ pathname: "/courses", search: "?x=1", cookieLang: "de" }))).toBe("/tr/courses?x=1");
  });

  it("redirects the root to the language root", () => {
    expect(langRedirectTarget(input({ pathname: "/" }))).toBe("/tr/");
    expect(langRedirectTarget(input({ pathname: "/", search: "?utm=a" }))).toBe("/tr/?utm=a");
  });

  it("replaces a language-like but unsupported first segment", () => {
    expect(langRedirectTarget(input({ pathname: "/de/courses" }))).toBe("/tr/courses");
    expect(langRedirectTarget(input({ pathname: "/pt-BR/courses/7", search: "?q=1" }))).toBe("/tr/courses/7?q=1");
    expect(langRedirectTarget(input({ pathname: "/de" }))).toBe("/tr/");
    expect(langRedirectTarget(input({ pathname: "/de/" }))).toBe("/tr/");
  });

  it("keeps a non-language first segment as the start of the path", () => {
    expect(langRedirectTarget(input({ pathname: "/courses/42/lessons" }))).toBe("/tr/courses/42/lessons");
  });

  it("returns null when the path already starts with a supported language", () => {
    expect(langRedirectTarget(input({ pathname: "/en/courses", cookieLang: "ru" }))).toBeNull();
    expect(langRedirectTarget(input({ pathname: "/tr/" }))).toBeNull();
    expect(langRedirectTarget(input({ pathname: "/ar" }))).toBeNull();
  });

  it("keeps a trailing slash", () => {
    expect(langRedirectTarget(input({ pathname: "/courses/" }))).toBe("/tr/courses/");
    expect(langRedirectTarget(input({ pathname: "/de/courses/", search: "?x=1" }))).toBe("/tr/courses/?x=1");
    expect(langRedirectTarget(input({ pathname: "/courses" }))).toBe("/tr/courses");
  });
});

describe("switchLangPath", () => {
  it("rewrites the first segment and keeps search and hash", () => {
    expect(switchLangPath("/tr/courses/5", "?tab=2", "#part", "en")).toBe("/en/courses/5?tab=2#part");
  });

  it("keeps a trailing slash and the rest of the path", () => {
    expect(switchLangPath("/tr/courses/", "", "", "ru")).toBe("/ru/courses/");
  });

  it("turns a language root into the new language root", () => {
    expect(switchLangPath("/tr", "", "", "ar")).toBe("/ar/");
    expect(switchLangPath("/tr/", "?a=b", "#top", "ar")).toBe("/ar/?a=b#top");
    expect(switchLangPath("/", "", "", "en")).toBe("/en/");
  });
});
