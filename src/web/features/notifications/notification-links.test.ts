import { describe, expect, it } from "vitest";
import { safeImageUrl } from "./person-avatar";
import { notificationHref } from "./notification-links";

describe("what a notification may link to and show", () => {
  it("follows paths of this site only", () => {
    expect(notificationHref("/en/courses/x/lesson/y/?chat=1")).toBe("/en/courses/x/lesson/y/?chat=1");
    expect(notificationHref(null)).toBeNull();
    expect(notificationHref("")).toBeNull();
    expect(notificationHref("//evil.example/")).toBeNull();
    expect(notificationHref("/\\evil.example/")).toBeNull();
    expect(notificationHref("https://evil.example/")).toBeNull();
    expect(notificationHref("javascript:alert(1)")).toBeNull();
  });

  it("opens a link in the reader's language when it starts with another portal language", () => {
    const reader = { lang: "en", langs: ["tr", "en", "ar", "ru"] };
    expect(notificationHref("/ar/courses/x/lesson/y?discussion=d1", reader)).toBe("/en/courses/x/lesson/y?discussion=d1");
    expect(notificationHref("/ar", reader)).toBe("/en");
    expect(notificationHref("/ar?chat=open", reader)).toBe("/en?chat=open");
    expect(notificationHref("/en/courses/x", reader)).toBe("/en/courses/x");
    // Not a portal language: a path of the site like any other.
    expect(notificationHref("/media/ab.png", reader)).toBe("/media/ab.png");
    expect(notificationHref("/de/courses/x", reader)).toBe("/de/courses/x");
    expect(notificationHref("//evil.example/ar/", reader)).toBeNull();
  });

  it("draws pictures from this site or http(s) only", () => {
    expect(safeImageUrl("/avatars/a.svg")).toBe("/avatars/a.svg");
    expect(safeImageUrl("https://cdn.example/a.png")).toBe("https://cdn.example/a.png");
    expect(safeImageUrl("javascript:alert(1)")).toBeNull();
    expect(safeImageUrl("data:image/svg+xml,<svg/>")).toBeNull();
    expect(safeImageUrl("//cdn.example/a.png")).toBeNull();
    expect(safeImageUrl(null)).toBeNull();
  });
});
