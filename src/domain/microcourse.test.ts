import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { microcourseRelativeUrl } from "./microcourse";
import { microcourseAccess, REGISTRATION_REQUIRED_ACCESS } from "./microcourse-access";

const mc = (type: "lesson" | "webinar" | "test", accessType: string | null = null) => ({ type, props: { accessType } });

describe("microcourse guest rules (seed 001 §4 Free microcourse start)", () => {
  it("raises the seed's error for a missing microcourse", () => {
    for (const missing of [null, undefined]) {
      expect(() => microcourseAccess(missing, { guestLike: true })).toThrow("Microcourse instance is no provided");
      try {
        microcourseAccess(missing, { guestLike: false });
      } catch (e) {
        expect((e as AppError).code).toBe("MICROCOURSE_NOT_PROVIDED");
      }
    }
  });

  it("only webinar and lesson are open to guests", () => {
    expect(microcourseAccess(mc("lesson"), { guestLike: true })).toEqual({ openToGuests: true, requiresRegistration: false, requiresLogin: false });
    expect(microcourseAccess(mc("webinar"), { guestLike: true }).requiresLogin).toBe(false);
    expect(microcourseAccess(mc("test"), { guestLike: true })).toEqual({ openToGuests: false, requiresRegistration: false, requiresLogin: true });
  });

  it("accessType requred_registration requires registration", () => {
    expect(microcourseAccess(mc("lesson", REGISTRATION_REQUIRED_ACCESS), { guestLike: true })).toEqual({
      openToGuests: true,
      requiresRegistration: true,
      requiresLogin: true,
    });
    expect(microcourseAccess(mc("lesson", "free_access"), { guestLike: true }).requiresLogin).toBe(false);
  });

  it("signed-in users never need to log in", () => {
    expect(microcourseAccess(mc("test", REGISTRATION_REQUIRED_ACCESS), { guestLike: false }).requiresLogin).toBe(false);
  });

  it("relativeUrl is /{type}/{id}/", () => {
    expect(microcourseRelativeUrl("webinar", "mc-1")).toBe("/webinar/mc-1/");
  });
});
