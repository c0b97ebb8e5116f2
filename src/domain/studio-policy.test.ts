import { describe, expect, it } from "vitest";
import { GUEST_ID } from "./user";
import { mayAuthorContent, mayAuthorPortalSettings } from "./studio-policy";

const who = (roles: string[], status = "active", id = "u1") => ({ id, status, roles }) as Parameters<typeof mayAuthorContent>[0];

describe("studio policy", () => {
  it("lets admin, mp-admin and mp-leader author content, nobody else", () => {
    for (const role of ["admin", "mp-admin", "mp-leader"]) expect(mayAuthorContent(who(["disciple", role]))).toBe(true);
    for (const roles of [[], ["disciple"], ["disciple", "mentor"]]) expect(mayAuthorContent(who(roles))).toBe(false);
  });

  it("keeps portal settings for admin and mp-admin", () => {
    expect(mayAuthorPortalSettings(who(["admin"]))).toBe(true);
    expect(mayAuthorPortalSettings(who(["mp-admin"]))).toBe(true);
    expect(mayAuthorPortalSettings(who(["mp-leader"]))).toBe(false);
  });

  it("never lets a guest or an anonymous session author, whatever roles it carries", () => {
    expect(mayAuthorContent(who(["admin"], "session"))).toBe(false);
    expect(mayAuthorContent(who(["admin"], "active", GUEST_ID))).toBe(false);
    expect(mayAuthorPortalSettings(who(["admin"], "session"))).toBe(false);
  });
});
