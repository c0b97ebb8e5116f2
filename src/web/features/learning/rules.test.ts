import { describe, expect, it } from "vitest";
import { TIMERS } from "../../../domain/constants";
import { nextPhase, phaseTimer } from "./preloader";
import { alignClass, courseAction, courseFallbackUrl, elementAccess, finishDestination, gateScenario, isElementPath, percentDone } from "./rules";

describe("elementAccess", () => {
  it("keeps the server's state for free and bought courses, locked without one", () => {
    const free = { isCommercial: false, isBought: false };
    expect(elementAccess("done", free)).toBe("done");
    expect(elementAccess("opened", free)).toBe("opened");
    expect(elementAccess(null, free)).toBe("locked");
    expect(elementAccess("opened", { isCommercial: true, isBought: true })).toBe("opened");
  });
  it("puts every element of an unbought commercial course behind the buy button", () => {
    expect(elementAccess("opened", { isCommercial: true, isBought: false })).toBe("buy");
    expect(elementAccess(null, { isCommercial: true, isBought: false })).toBe("buy");
  });
});

describe("finishDestination", () => {
  const base = { lang: "en", courseId: "c1" };
  it("goes to the element the finish opened", () => {
    expect(finishDestination({ ...base, reply: { opened: { id: "e2", type: "test" }, courseFinished: false }, next: null })).toBe("/en/courses/c1/test/e2");
  });
  it("goes to the next open element when nothing new opened (arbitrary walkthrough, finishing again)", () => {
    expect(finishDestination({ ...base, reply: { opened: null, courseFinished: false }, next: { path: "/en/courses/c1/lesson/e3" } })).toBe(
      "/en/courses/c1/lesson/e3",
    );
  });
  it("goes back to the course page when the course is finished or nothing follows", () => {
    expect(finishDestination({ ...base, reply: { opened: null, courseFinished: true }, next: { path: "/en/courses/c1/lesson/e3" } })).toBe("/en/courses/c1");
    expect(finishDestination({ ...base, reply: { opened: null, courseFinished: false }, next: null })).toBe("/en/courses/c1");
  });
});

describe("gateScenario", () => {
  const freeOpen = { isCommercial: false, accessibleWithoutRegistration: true };
  it("uses start-free-lesson where it ends in the login popup with the seed's alert", () => {
    expect(gateScenario({ isCommercial: true, accessibleWithoutRegistration: true }, "lesson", "guest")).toEqual({ id: "start-free-lesson" });
    expect(gateScenario({ isCommercial: false, accessibleWithoutRegistration: false }, "lesson", "session")).toEqual({ id: "start-free-lesson" });
  });
  it("asks for a real account where a session would only bring the learner back to the refusal", () => {
    expect(gateScenario(freeOpen, "test", "guest")).toEqual({ id: "login", alertText: "scenario.alert.guest" });
    expect(gateScenario(freeOpen, "test", "session")).toEqual({ id: "login", alertText: "scenario.alert.session" });
    expect(gateScenario(freeOpen, "lesson", "session")).toEqual({ id: "login", alertText: "scenario.alert.session" });
  });
});

describe("courseAction", () => {
  const button = { buttonText: "Start", buttonTextBuy: "Buy" };
  it("buys a commercial course not yet bought, else starts the free lesson", () => {
    expect(courseAction({ isCommercial: true, isBought: false }, button)).toEqual({ scenario: "buy-course", text: "Buy" });
    expect(courseAction({ isCommercial: true, isBought: true }, button)).toEqual({ scenario: "start-free-lesson", text: "Start" });
    expect(courseAction({ isCommercial: false, isBought: false }, button)).toEqual({ scenario: "start-free-lesson", text: "Start" });
  });
});

describe("small view rules", () => {
  it("aligns the course button by alignContent", () => {
    expect(alignClass("left")).toBe("justify-start");
    expect(alignClass("right")).toBe("justify-end");
    expect(alignClass("center")).toBe("justify-center");
  });
  it("rounds the percent done", () => {
    expect(percentDone(1, 3)).toBe(33);
    expect(percentDone(0, 0)).toBe(0);
  });
  it("recognises element pages", () => {
    expect(isElementPath("/en/courses/c1/lesson/e1")).toBe(true);
    expect(isElementPath("/ar/courses/c1/webinar/e1/")).toBe(true);
    expect(isElementPath("/en/courses/c1")).toBe(false);
    expect(isElementPath("/en/courses/c1/quiz/e1")).toBe(false);
  });
});

describe("element preloader", () => {
  it("finishes with the animation, then hides", () => {
    expect(nextPhase("hidden", "start")).toBe("loading");
    expect(nextPhase("loading", "loaded")).toBe("finishing");
    expect(nextPhase("finishing", "animation-end")).toBe("hidden");
    expect(phaseTimer("finishing")).toEqual({ event: "animation-end", ms: TIMERS.loaderAnimationMs });
  });
  it("is forced away when loading never ends", () => {
    expect(phaseTimer("loading")).toEqual({ event: "force-hide", ms: TIMERS.loaderForcedHideMs });
    expect(nextPhase("loading", "force-hide")).toBe("hidden");
    expect(phaseTimer("hidden")).toBeNull();
  });
  it("ignores stray events", () => {
    expect(nextPhase("hidden", "loaded")).toBe("hidden");
    expect(nextPhase("loading", "animation-end")).toBe("loading");
    expect(nextPhase("finishing", "start")).toBe("loading");
  });
});

describe("course fallback URL", () => {
  it("is the main page while it is published", () => {
    expect(courseFallbackUrl({ lang: "en", mainPagePublished: true, portalType: "mono", courseIds: ["c1"] })).toBe("/en/");
  });
  it("is the single course of a mono portal without a main page, else the catalogue", () => {
    expect(courseFallbackUrl({ lang: "tr", mainPagePublished: false, portalType: "mono", courseIds: ["c1", "c2"] })).toBe("/tr/courses/c1/");
    expect(courseFallbackUrl({ lang: "tr", mainPagePublished: false, portalType: "mono", courseIds: [] })).toBe("/tr/courses/");
    expect(courseFallbackUrl({ lang: "tr", mainPagePublished: false, portalType: "other", courseIds: ["c1"] })).toBe("/tr/courses/");
  });
});
