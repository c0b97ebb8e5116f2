import { describe, expect, it } from "vitest";
import { canSeeProgress, elementRefusal, guestMayOpen, inMyGroups, isGuestLike, tracksProgress, viewerOf, type TViewer } from "./learning-access";
import { guestUser } from "./user";

const user = (over: Partial<Extract<TViewer, { id: string }>> = {}): TViewer => ({ kind: "user", id: "u1", roles: ["disciple"], orderedCourses: [], teamId: null, ...over });
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
    expect(viewerOf({ id: "u", status: "active", roles: [], orders: { courses: ["c"] }, teamId: "t" })).toEqual({ kind: "user", id: "u", roles: [], orderedCourses: ["c"], teamId: "t" });
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
