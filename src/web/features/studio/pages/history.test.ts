import { describe, expect, it } from "vitest";
import { inOwnHistory, OWN_HISTORY_ATTR } from "./history";

/** An element stand-in: `closest` answers for the selectors its ancestors match. */
const el = (matches: string[]) => ({ closest: (selector: string) => (matches.includes(selector) ? {} : null) });

describe("which key presses the page-level undo leaves to an editor", () => {
  it("leaves those inside an editor with its own history (the rich text) and takes the rest", () => {
    expect(inOwnHistory(el([`[${OWN_HISTORY_ATTR}]`]) as unknown as EventTarget)).toBe(true);
    expect(inOwnHistory(el([]) as unknown as EventTarget)).toBe(false);
    // The window, the document, no target: the page's.
    expect(inOwnHistory({} as EventTarget)).toBe(false);
    expect(inOwnHistory(null)).toBe(false);
  });
});
