import { describe, expect, it } from "vitest";
import {
  canSeeProgress,
  contentRefusal,
  contentRefusalError,
  elementRefusal,
  guestMayOpen,
  inMyGroups,
  isGuestLike,
  tracksProgress,
  viewerOf,
  type TContentTarget,
  type TViewer,
} from "./learning-access";
import { guestUser } from "./user";

const user = (over: Partial<Extract<TViewer, { id: string }>> = {}): TViewer => ({
  kind: "user",
  id: "u1",
  roles: ["disciple"],
  orderedCourses: [],
  teamId: null,
  ...over,
});
const session: TViewer = { kind: "session", id: "s1", roles: ["disciple"], orderedCourses: [], teamId: null };
const guest: TViewer = { kind: "guest" };
const free = { id: "c-free", type: "free" as const, requiresRegistration: false };
const freeRegistered = { ...free, id: "c-reg", requiresRegistration: true };
const paid = { id: "c-paid", type: "paid" as const, requiresRegistration: false };

describe("viewers", () => {
  it("a guest user, a session user and a signed-in user", () => {
    expect(viewerOf(null)).toEqual({ kind: "guest" });
    expect(viewerOf(guestUser())).toEqual({ kind: "guest" });
    expect(viewerOf({ id: "s", status: "session", roles: ["disciple"], orders: { courses: [] } }).kind).toBe("session");
    expect(viewerOf({ id: "u", status: "active", roles: [], orders: { courses: ["c"] }, teamId: "t" })).toEqual({
      kind: "user",
      id: "u",
      roles: [],
      orderedCourses: ["c"],
      teamId: "t",
    });
  });

  it("guest-like means the guest id or the session status", () => {
    expect(isGuestLike(guest)).toBe(true);
    expect(isGuestLike(session)).toBe(true);
    expect(isGuestLike(user())).toBe(false);
  });

  it("progress is tracked for disciples only (session users are disciples)", () => {
    expect(tracksProgress(user())).toBe(true);
    expect(tracksProgress(session)).toBe(true);
    expect(tracksProgress(guest)).toBe(false);
    expect(tracksProgress(user({ roles: ["mentor"] }))).toBe(false);
  });
});

describe("guest access to a course element", () => {
  it("guests may open only free lessons or webinars of courses accessible without registration", () => {
    expect(guestMayOpen(free, "lesson")).toBe(true);
    expect(guestMayOpen(free, "webinar")).toBe(true);
    expect(guestMayOpen(free, "test")).toBe(false);
    expect(guestMayOpen(freeRegistered, "lesson")).toBe(false);
    expect(guestMayOpen(paid, "lesson")).toBe(false);
  });

  it.each([guest, session])("refuses a %o what the guest rule does not allow, before anything else", (v) => {
    expect(elementRefusal(v, free, { type: "lesson" }, "opened")).toBeNull();
    expect(elementRefusal(v, free, { type: "test" }, "opened")).toBe("registration-required");
    expect(elementRefusal(v, freeRegistered, { type: "lesson" }, "opened")).toBe("registration-required");
    expect(elementRefusal(v, paid, { type: "lesson" }, "opened")).toBe("registration-required");
    // Allowed by the guest rule but still locked.
    expect(elementRefusal(v, free, { type: "webinar" }, null)).toBe("locked");
  });

  it("signed-in users need the course bought when it is commercial, and the element open", () => {
    expect(elementRefusal(user(), paid, { type: "lesson" }, "opened")).toBe("not-bought");
    expect(elementRefusal(user({ orderedCourses: ["c-paid"] }), paid, { type: "lesson" }, "opened")).toBeNull();
    expect(elementRefusal(user(), free, { type: "test" }, null)).toBe("locked");
    expect(elementRefusal(user(), freeRegistered, { type: "test" }, "done")).toBeNull();
  });

  it("admins may open anything", () => {
    expect(elementRefusal(user({ roles: ["admin"] }), paid, { type: "test" }, null)).toBeNull();
  });
});

describe("who may see whose progress", () => {
  const learner = { id: "u1", mentorId: "m1" };
  it("the owner, that learner's mentor and admins", () => {
    expect(canSeeProgress(user(), learner)).toBe(true);
    expect(canSeeProgress(user({ id: "m1", roles: ["mentor"] }), learner)).toBe(true);
    expect(canSeeProgress(user({ id: "m1", roles: ["mp-leader"] }), learner)).toBe(true);
    expect(canSeeProgress(user({ id: "a", roles: ["admin"] }), learner)).toBe(true);
  });
  it("nobody else: another learner, another mentor, the mentor id without a mentor role, guests", () => {
    expect(canSeeProgress(user({ id: "u2" }), learner)).toBe(false);
    expect(canSeeProgress(user({ id: "m2", roles: ["mentor"] }), learner)).toBe(false);
    expect(canSeeProgress(user({ id: "m1", roles: ["disciple"] }), learner)).toBe(false);
    expect(canSeeProgress(guest, learner)).toBe(false);
    expect(canSeeProgress(user({ id: "m1", roles: ["mentor"] }), { id: "u1", mentorId: null })).toBe(false);
  });
});

describe("groups", () => {
  it("a course without groups is for everyone; one with groups for members only", () => {
    expect(inMyGroups([], guest)).toBe(true);
    expect(inMyGroups(["team-a"], guest)).toBe(false);
    expect(inMyGroups(["team-a"], user({ teamId: "team-a" }))).toBe(true);
    expect(inMyGroups(["team-a"], user({ teamId: "team-b" }))).toBe(false);
    expect(inMyGroups(["team-a"], user())).toBe(false);
  });
});

describe("the content rule (contentRefusal)", () => {
  const admin = user({ roles: ["admin"] });
  const buyer = user({ orderedCourses: ["c-paid"] });
  const course = (c: typeof free | typeof paid, published = true) => ({ ...c, published });
  const element = (c: typeof free | typeof paid, state: "opened" | "done" | null, over: { published?: boolean; visible?: boolean } = {}): TContentTarget => ({
    model: "element",
    course: course(c, over.published ?? true),
    element: { id: "e1", type: "lesson", visible: over.visible ?? true },
    state,
  });

  it("a published course's landing content is public; a draft course is not found but for admins", () => {
    for (const v of [guest, session, user()]) {
      expect(contentRefusal(v, { model: "course", course: course(paid) })).toBeNull();
      expect(contentRefusal(v, { model: "course", course: course(free, false) })).toBe("not-found");
    }
    expect(contentRefusal(admin, { model: "course", course: course(free, false) })).toBeNull();
  });

  it("an element follows elementRefusal once its course is published and it is visible", () => {
    expect(contentRefusal(guest, element(paid, "opened"))).toBe("registration-required");
    expect(contentRefusal(session, element(paid, "opened"))).toBe("registration-required");
    expect(contentRefusal(user(), element(paid, "opened"))).toBe("not-bought");
    expect(contentRefusal(buyer, element(paid, null))).toBe("locked");
    expect(contentRefusal(buyer, element(paid, "opened"))).toBeNull();
    expect(contentRefusal(guest, element(free, "done"))).toBeNull();
    expect(contentRefusal(buyer, element(paid, "opened", { published: false }))).toBe("not-found");
    expect(contentRefusal(buyer, element(paid, "opened", { visible: false }))).toBe("not-found");
    expect(contentRefusal(admin, element(paid, null, { published: false, visible: false }))).toBeNull();
  });

  it("a creator preview ignores drafts and locks", () => {
    expect(contentRefusal(guest, element(paid, null, { published: false }), { preview: true })).toBeNull();
  });

  it("microcourses: drafts are not found, account-only ones ask guests and session users to sign in", () => {
    const mc = (over: Partial<{ published: boolean; visible: boolean; accessType: string | null }> = {}): TContentTarget => ({
      model: "microcourse",
      microcourse: { id: "m1", type: "webinar", published: true, visible: true, accessType: "requred_registration", ...over },
    });
    expect(contentRefusal(guest, mc())).toBe("registration-required");
    expect(contentRefusal(session, mc())).toBe("registration-required");
    expect(contentRefusal(user(), mc())).toBeNull();
    expect(contentRefusal(guest, mc({ accessType: "free_access" }))).toBeNull();
    expect(contentRefusal(user(), mc({ published: false }))).toBe("not-found");
    expect(contentRefusal(user(), mc({ visible: false }))).toBe("not-found");
  });

  it("unknown models and unpublished video events are for creators only", () => {
    expect(contentRefusal(user(), { model: "unknown" })).toBe("not-found");
    expect(contentRefusal(admin, { model: "unknown" })).toBeNull();
    expect(contentRefusal(guest, { model: "video-event", videoEvent: { id: "v", published: false } })).toBe("not-found");
    expect(contentRefusal(guest, { model: "video-event", videoEvent: { id: "v", published: true } })).toBeNull();
  });

  it("refusals become the elements API's typed errors; not-found the caller's own", () => {
    const target = element(paid, null);
    expect(contentRefusalError("locked", target, { code: "PAGE_NOT_FOUND", message: "x" })).toMatchObject({
      code: "ELEMENT_LOCKED",
      status: 403,
      details: { courseId: "c-paid", elementId: "e1" },
    });
    expect(contentRefusalError("not-bought", target, { code: "PAGE_NOT_FOUND", message: "x" })).toMatchObject({ code: "COURSE_NOT_BOUGHT", status: 403 });
    expect(contentRefusalError("registration-required", target, { code: "PAGE_NOT_FOUND", message: "x" })).toMatchObject({
      code: "REGISTRATION_REQUIRED",
      status: 403,
    });
    expect(contentRefusalError("not-found", target, { code: "PAGE_NOT_FOUND", message: "x" })).toMatchObject({ code: "PAGE_NOT_FOUND", status: 404 });
  });
});
