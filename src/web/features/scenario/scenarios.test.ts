import { describe, expect, it, vi } from "vitest";
import type { CourseTarget, MicrocourseTarget } from "../../../domain/scenario/course-target";
import { NO_PROVIDERS } from "../../../domain/providers";
import { ScenarioEngine } from "../../../domain/scenario/engine";
import { guestUser, type TUser } from "../../../domain/user";
import { identityScenarios, type ScenarioCtx } from "./scenarios";

function setup(opts: { user?: Partial<TUser>; registration?: Partial<ScenarioCtx["registration"]>; google?: boolean; sessionOk?: boolean } = {}) {
  let user: TUser = { ...guestUser(), ...opts.user };
  const navigate = vi.fn();
  const welcome = vi.fn();
  const log = vi.fn();
  const createSession = vi.fn(async () => {
    if (opts.sessionOk === false) return false;
    user = { ...user, id: "u-session", status: "session" };
    return true;
  });
  const ctx: ScenarioCtx = {
    get signedIn() {
      return user.id !== "guest" && user.status !== "session";
    },
    lang: "en",
    registration: { email: true, anonymous: true, swapPopups: false, gdpr: false, ...opts.registration },
    providers: { ...NO_PROVIDERS, google: opts.google ?? false },
    user: () => user,
    createSession,
    navigate,
    welcome,
  };
  const engine = new ScenarioEngine<ScenarioCtx>(identityScenarios(), () => ctx, { log });
  return { engine, navigate, welcome, createSession, log, signIn: (patch: Partial<TUser> = {}) => (user = { ...user, id: "u1", status: "active", ...patch }) };
}

function course(patch: Partial<CourseTarget> = {}): CourseTarget {
  return {
    courseId: "c1",
    isCommercial: false,
    isBought: false,
    accessibleWithoutRegistration: false,
    resolveElementPath: async () => "/en/courses/c1/lesson/e1",
    ...patch,
  };
}

const signedInUser: Partial<TUser> = { id: "u1", status: "active", roles: ["disciple"] };

describe("login component choice (seed 001 §4)", () => {
  it("e-mail only gives e-mail login", async () => {
    const { engine } = setup({ registration: { anonymous: false } });
    await engine.start("login");
    expect(engine.state.step?.id).toBe("login-by-email");
  });
  it("anonymous only gives the anonymous disclaimer", async () => {
    const { engine } = setup({ registration: { email: false, anonymous: true } });
    await engine.start("login");
    expect(engine.state.step?.id).toBe("anonymous-disclaimer");
  });
  it("more than one way gives the mixed login screen", async () => {
    const { engine } = setup();
    await engine.start("login");
    expect(engine.state.step?.id).toBe("login");
    const google = setup({ registration: { anonymous: false }, google: true });
    await google.engine.start("login");
    expect(google.engine.state.step?.id).toBe("login");
  });
});

describe("start-free-lesson", () => {
  it("a signed-in learner goes straight to the opened element", async () => {
    const { engine, navigate } = setup({ user: signedInUser });
    await engine.start("start-free-lesson", { course: course() });
    expect(engine.state.visible).toBe(false);
    expect(navigate).toHaveBeenCalledWith("/en/courses/c1/lesson/e1");
  });
  it("a guest of a course open without registration gets a session and skips the popup", async () => {
    const { engine, navigate, createSession } = setup();
    await engine.start("start-free-lesson", { course: course({ accessibleWithoutRegistration: true }) });
    expect(createSession).toHaveBeenCalledOnce();
    expect(engine.state.visible).toBe(false);
    expect(navigate).toHaveBeenCalledWith("/en/courses/c1/lesson/e1");
  });
  it("a session user of such a course needs no new session", async () => {
    const { engine, navigate, createSession } = setup({ user: { id: "s1", status: "session" } });
    await engine.start("start-free-lesson", { course: course({ accessibleWithoutRegistration: true }) });
    expect(createSession).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith("/en/courses/c1/lesson/e1");
  });
  it("a course that needs registration opens login with the guest alert", async () => {
    const { engine, navigate } = setup();
    await engine.start("start-free-lesson", { course: course() });
    expect(engine.state.step?.id).toBe("login");
    expect(engine.option("alertText")).toBe("scenario.alert.guest");
    expect(navigate).not.toHaveBeenCalled();
  });
  it("a session user gets the session alert", async () => {
    const { engine } = setup({ user: { id: "s1", status: "session" } });
    await engine.start("start-free-lesson", { course: course() });
    expect(engine.option("alertText")).toBe("scenario.alert.session");
  });
  it("when creating the session fails, login opens instead", async () => {
    const { engine } = setup({ sessionOk: false });
    await engine.start("start-free-lesson", { course: course({ accessibleWithoutRegistration: true }) });
    expect(engine.state.step?.id).toBe("login");
  });
  it("after signing in it returns to the saved address before the course element, at once, with a welcome notice", async () => {
    const { engine, navigate, welcome, signIn } = setup();
    await engine.start("start-free-lesson", { course: course(), returnTo: "/en/courses/c1/test/t9" });
    signIn();
    await engine.next("success");
    // No "Welcome!" dialog in the way (issue 28): the popup is closed and the learner is on the page.
    expect(engine.state.visible).toBe(false);
    expect(welcome).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith("/en/courses/c1/test/t9");
  });
  it("never navigates off-site", async () => {
    const { engine, navigate } = setup({ user: signedInUser });
    await engine.start("start-free-lesson", { course: course({ resolveElementPath: async () => "//evil.example/x" }) });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("buy-course", () => {
  it("is skipped when the course is already ordered", async () => {
    const { engine, navigate } = setup({ user: { ...signedInUser, orders: { courses: ["c1"] } } });
    await engine.start("buy-course", { course: course({ isCommercial: true }) });
    expect(engine.state.visible).toBe(false);
    expect(navigate).toHaveBeenCalledWith("/en/courses/c1/lesson/e1");
  });
  it("a signed-in learner goes to the contact check before paying", async () => {
    const { engine } = setup({ user: signedInUser });
    await engine.start("buy-course", { course: course({ isCommercial: true }) });
    expect(engine.state.scenario?.id).toBe("fill-profile-buy");
    expect(engine.state.step?.id).toBe("profile-fill-two");
    await engine.next("buy-course");
    expect(engine.state.step?.component).toBe("buy-course");
  });
  it("a guest signs in first, then continues to fill-profile-buy with the same course", async () => {
    const { engine, signIn } = setup();
    const c = course({ isCommercial: true });
    await engine.start("buy-course", { course: c });
    expect(engine.state.step?.id).toBe("login");
    signIn();
    await engine.next("success");
    expect(engine.state.scenario?.id).toBe("fill-profile-buy");
    expect(engine.option("course")).toBe(c);
  });
  it("a guest who registers from the login screen goes on to fill-profile-buy with the same course", async () => {
    const { engine, signIn } = setup();
    const c = course({ isCommercial: true });
    await engine.start("buy-course", { course: c });
    // "Create an account" on the mixed login screen starts sign-in with the buy options.
    await engine.start("sign-in", engine.state.options);
    expect(engine.state.step?.id).toBe("sign-in");
    signIn();
    await engine.next("success");
    expect(engine.state.scenario?.id).toBe("fill-profile-buy");
    expect(engine.state.step?.id).toBe("profile-fill-two");
    expect(engine.option("course")).toBe(c);
  });
  it("signing in or registering on its own ends with the success notice, the popup closed (the provider's finalize goes back)", async () => {
    for (const id of ["sign-in", "login"]) {
      const { engine, signIn, welcome } = setup({ registration: { anonymous: false } });
      await engine.start(id, { returnTo: "/en/mentor/" });
      signIn();
      await engine.next("success");
      expect(engine.state.visible).toBe(false);
      expect(welcome).toHaveBeenCalledOnce();
    }
  });
  it("a foreign return address is never followed", async () => {
    for (const returnTo of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      const { engine, signIn, navigate } = setup({ registration: { anonymous: false } });
      await engine.start("start-free-lesson", { returnTo, course: course({ resolveElementPath: async () => null }) });
      signIn();
      await engine.next("success");
      expect(engine.state.visible).toBe(false);
      expect(navigate).not.toHaveBeenCalled();
    }
  });
  it("resumes only the purchase, whatever an option names", async () => {
    const { engine, signIn } = setup();
    await engine.start("sign-in", { afterSignIn: "user-terminate-by-email" });
    signIn();
    await engine.next("success");
    expect(engine.state.scenario?.id).not.toBe("user-terminate-by-email");
    expect(engine.state.visible).toBe(false);
  });
  it("a learner who turns out to have bought it already is not asked to pay", async () => {
    const { engine, signIn, navigate } = setup();
    await engine.start("buy-course", { course: course({ isCommercial: true }) });
    signIn({ orders: { courses: ["c1"] } });
    await engine.next("success");
    expect(engine.state.visible).toBe(false);
    expect(navigate).toHaveBeenCalledWith("/en/courses/c1/lesson/e1");
  });
});

describe("start-free-microcourse", () => {
  const micro = (patch: Partial<MicrocourseTarget> = {}): MicrocourseTarget => ({ id: "m1", type: "lesson", path: "/en/microcourse/m1", ...patch });

  it("without a microcourse it stops and says so", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { engine, navigate } = setup();
    await engine.start("start-free-microcourse", {});
    expect(error).toHaveBeenCalledWith("Microcourse instance is no provided");
    expect(engine.state.visible).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    error.mockRestore();
  });
  it("a guest opens a lesson or webinar microcourse with a new session", async () => {
    for (const type of ["lesson", "webinar"] as const) {
      const { engine, navigate, createSession } = setup();
      await engine.start("start-free-microcourse", { microcourse: micro({ type }) });
      expect(createSession).toHaveBeenCalledOnce();
      expect(navigate).toHaveBeenCalledWith("/en/microcourse/m1");
    }
  });
  it("other types and requred_registration need a sign-in", async () => {
    for (const m of [micro({ type: "test" }), micro({ accessType: "requred_registration" })]) {
      const { engine, createSession } = setup();
      await engine.start("start-free-microcourse", { microcourse: m });
      expect(createSession).not.toHaveBeenCalled();
      expect(engine.state.step?.id).toBe("login");
    }
  });
});

describe("account scenarios", () => {
  it("profile-fill sends a guest to sign in first", async () => {
    const { engine } = setup();
    await engine.start("profile-fill");
    expect(engine.state.scenario?.id).toBe("login");
  });
  it("profile-fill opens for a session or signed-in user", async () => {
    const { engine } = setup({ user: { id: "s1", status: "session" } });
    await engine.start("profile-fill");
    expect(engine.state.step?.id).toBe("profile-fill");
  });
  it("user-terminate-by-email asks a guest to sign in, a signed-in user to confirm", async () => {
    const guest = setup();
    await guest.engine.start("user-terminate-by-email");
    expect(guest.engine.state.step?.id).toBe("login-by-email");
    guest.signIn();
    await guest.engine.next("success");
    expect(guest.engine.state.step?.id).toBe("user-terminate");

    const member = setup({ user: signedInUser });
    await member.engine.start("user-terminate-by-messenger");
    expect(member.engine.state.step?.id).toBe("user-terminate");
  });
  it("login is skipped for a signed-in learner", async () => {
    const { engine } = setup({ user: signedInUser });
    await engine.start("login");
    expect(engine.state.visible).toBe(false);
  });
});
