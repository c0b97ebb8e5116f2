/**
 * The back office's mentors (issue 16, docs/decisions/0059): the list with load, adding and removing
 * a mentor, campaign and availability, the chat's mode, and that learners' chat setup shows each change at once.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { mentor, onlyAvailable, openChat, send, setAssignment, type Mentor } from "../../../../tests/support/chat";
import { Browser, bearer, expectError, json } from "../../../../tests/support/http";
import { learner, type Registered } from "../../../../tests/support/sign-in";
import { DISTRIBUTION_BOT_ID, type TChatSetup } from "../../../domain/chat";
import type { TAdminMentors } from "../../../domain/mentor-admin";
import { auditLog } from "../../db/schema/audit";
import { chats, mentorProfiles } from "../../db/schema/chat";

const origin = { origin: "http://localhost" };

describeEachDatabase("back office: mentors", (t) => {
  let admin: Registered;
  let a: Mentor;
  const portal = () => t.config.PORTAL_ID;
  const list = async () => json<TAdminMentors>(await admin.browser.get("/api/admin/mentors"));
  const setup = async (who: Registered) => json<TChatSetup>(await who.browser.get("/api/chats/setup?lang=en"));
  const call = (method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
    admin.browser.request({ method, url, payload: payload as object | undefined, headers: origin });
  beforeAll(async () => {
    admin = await learner(t.app, t.db, { roles: ["disciple", "admin"] });
    a = await mentor(t.app, t.database, portal(), { name: "Mentor A" });
  });

  it("lists the portal's mentors with their campaign, availability and load (open and unanswered chats)", async () => {
    await setAssignment(t.db, portal(), "learner-chooses");
    await onlyAvailable(t.db, portal(), [a.profileId]);
    const l = await learner(t.app, t.db);
    const chat = await openChat(l, portal());
    await send(l, chat.id, "Hello?");
    const row = (await list()).mentors.find((m) => m.id === a.profileId);
    expect(row).toMatchObject({ uid: a.userId, email: a.email, leader: false, available: true, campaign: null, openChats: 1, unanswered: 1 });
    expect((await list()).mode).toBe("multiple");
  });

  it("names the mentors who lead (mp-leader)", async () => {
    const lead = await mentor(t.app, t.database, portal(), { role: "mp-leader" });
    const rows = (await list()).mentors;
    expect(rows.find((m) => m.id === lead.profileId)).toMatchObject({ uid: lead.userId, leader: true });
    expect(rows.find((m) => m.id === a.profileId)?.leader).toBe(false);
  });

  describe("adding, changing and removing", () => {
    let newcomer: Registered;
    let profileId: string;
    beforeAll(async () => {
      newcomer = await learner(t.app, t.db, { roles: ["disciple", "mentor"], firstName: "Nora", lastName: "New" });
    });

    it("adds a user with the mentor role; in multiple mode a learner's chat widget offers them at once; audit row", async () => {
      expect((await list()).candidates.map((c) => c.uid)).toContain(newcomer.userId);
      const after = json<TAdminMentors>(await call("POST", "/api/admin/mentors", { userId: newcomer.userId, campaign: "spring-ads" }));
      const added = after.mentors.find((m) => m.uid === newcomer.userId)!;
      expect(added).toMatchObject({ fullName: "Nora New", campaign: "spring-ads", available: true, openChats: 0 });
      expect(after.candidates.map((c) => c.uid)).not.toContain(newcomer.userId);
      profileId = added.id;
      await onlyAvailable(t.db, portal(), [a.profileId, profileId]);
      json(await call("PUT", "/api/admin/mentors/mode", { mode: "multiple" }));
      const s = await setup(await learner(t.app, t.db));
      expect(s.mode).toBe("multiple");
      expect(s.mentors.map((m) => [m.id, m.fullName])).toContainEqual([profileId, "Nora New"]);
      expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, profileId))).toMatchObject([{ action: "mentor.add", actorId: admin.userId }]);
      // Again: the same profile, updated (no second one).
      json(await call("POST", "/api/admin/mentors", { userId: newcomer.userId, campaign: null }));
      expect(await t.db.select().from(mentorProfiles).where(eq(mentorProfiles.userId, newcomer.userId))).toMatchObject([
        { id: profileId, utmCampaignName: null },
      ]);
    });

    it("refuses users without the mentor role (409) and unknown users (404); nothing is written", async () => {
      const plain = await learner(t.app, t.db);
      expectError(await call("POST", "/api/admin/mentors", { userId: plain.userId }), 409, "MENTOR-ROLE-MISSING");
      expectError(await call("POST", "/api/admin/mentors", { userId: "usr_nobody" }), 404, "NOT-FOUND");
      expect(await t.db.select().from(mentorProfiles).where(eq(mentorProfiles.userId, plain.userId))).toEqual([]);
    });

    it("changes campaign and availability; an unavailable mentor is no longer offered", async () => {
      const after = json<TAdminMentors>(await call("PATCH", `/api/admin/mentors/${profileId}`, { campaign: "autumn", available: false }));
      expect(after.mentors.find((m) => m.id === profileId)).toMatchObject({ campaign: "autumn", available: false });
      expect((await setup(await learner(t.app, t.db))).mentors.map((m) => m.id)).not.toContain(profileId);
      json(await call("PATCH", `/api/admin/mentors/${profileId}`, { available: true }));
      expect((await setup(await learner(t.app, t.db))).mentors.map((m) => m.id)).toContain(profileId);
      expect((await t.db.select().from(auditLog).where(eq(auditLog.entityId, profileId))).map((r) => r.action)).toContain("mentor.update");
    });

    it("switches the mode: single and the distribution bot show in the learner's setup at once", async () => {
      expect(json<TAdminMentors>(await call("PUT", "/api/admin/mentors/mode", { mode: "single" })).mode).toBe("single");
      expect((await setup(await learner(t.app, t.db))).mode).toBe("single");
      json(await call("PUT", "/api/admin/mentors/mode", { mode: "mentor-chooses" }));
      expect((await setup(await learner(t.app, t.db))).mode).toBe("mentor-chooses");
      json(await call("PUT", "/api/admin/mentors/mode", { mode: "multiple" }));
      expect((await setup(await learner(t.app, t.db))).mode).toBe("multiple");
      expect((await t.db.select().from(auditLog).where(eq(auditLog.action, "chat-settings.mode"))).length).toBeGreaterThanOrEqual(3);
    });

    it("removes a mentor: their open chats go to another available mentor; the widget no longer offers them", async () => {
      await onlyAvailable(t.db, portal(), [a.profileId, profileId]);
      const l = await learner(t.app, t.db);
      const chat = await openChat(l, portal(), { mentorId: profileId });
      expect(chat.mentorId).toBe(newcomer.userId);
      const after = json<TAdminMentors>(await call("DELETE", `/api/admin/mentors/${profileId}`));
      expect(after.mentors.map((m) => m.id)).not.toContain(profileId);
      const [row] = await t.db.select().from(chats).where(eq(chats.id, chat.id));
      expect(row!.mentorId).toBe(a.userId);
      expect((await setup(await learner(t.app, t.db))).mentors.map((m) => m.id)).not.toContain(profileId);
      expect((await t.db.select().from(auditLog).where(eq(auditLog.entityId, profileId))).map((r) => r.action)).toContain("mentor.remove");
      expectError(await call("DELETE", `/api/admin/mentors/${profileId}`), 404, "MENTOR-NOT-FOUND");
    });

    it("with nobody else available, a removed mentor's chats wait with the distribution bot", async () => {
      const other = await mentor(t.app, t.database, portal(), { name: "Mentor O" });
      await onlyAvailable(t.db, portal(), [other.profileId]);
      const l = await learner(t.app, t.db);
      const chat = await openChat(l, portal());
      expect(chat.mentorId).toBe(other.userId);
      json(await call("DELETE", `/api/admin/mentors/${other.profileId}`));
      const [row] = await t.db.select().from(chats).where(eq(chats.id, chat.id));
      expect(row!.mentorId).toBe(DISTRIBUTION_BOT_ID);
    });
  });

  it("refuses bad bodies with the field, and unknown ids with 404", async () => {
    const bad: Array<[method: "POST" | "PUT" | "PATCH", url: string, body: unknown, field: string]> = [
      ["POST", "/api/admin/mentors", { userId: "a\u0000b" }, "userId"],
      ["POST", "/api/admin/mentors", { userId: 5 }, "userId"],
      ["POST", "/api/admin/mentors", { userId: a.userId, campaign: "x".repeat(101) }, "campaign"],
      ["PATCH", `/api/admin/mentors/${a.profileId}`, { campaign: "bad\u0000" }, "campaign"],
      ["PATCH", `/api/admin/mentors/${a.profileId}`, { available: "yes" }, "available"],
      ["PATCH", `/api/admin/mentors/${a.profileId}`, {}, "available"],
      ["PUT", "/api/admin/mentors/mode", { mode: "chaos" }, "mode"],
    ];
    for (const [method, url, body, field] of bad) {
      const res = await call(method, url, body);
      expectError(res, 400, "VALIDATION");
      expect(res.body, `${method} ${url}`).toContain(field);
    }
    expectError(
      await admin.browser.request({
        method: "PUT",
        url: "/api/admin/mentors/mode",
        payload: "{nope",
        headers: { ...origin, "content-type": "application/json" },
      }),
      400,
      "VALIDATION",
    );
    expectError(await call("PATCH", "/api/admin/mentors/mnt_nobody", { available: true }), 404, "MENTOR-NOT-FOUND");
    expect((await t.db.select().from(mentorProfiles).where(eq(mentorProfiles.id, a.profileId)))[0]!.utmCampaignName).toBeNull();
  });

  it("guests get 401; learners, mentors and mp-leaders 403 ADMINS-ONLY on every call; mp-admin may", async () => {
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/mentors"],
      ["POST", "/api/admin/mentors", { userId: a.userId }],
      ["PUT", "/api/admin/mentors/mode", { mode: "single" }],
      ["PATCH", `/api/admin/mentors/${a.profileId}`, { available: false }],
      ["DELETE", `/api/admin/mentors/${a.profileId}`],
    ];
    const refused = await Promise.all([["disciple"], ["disciple", "mentor"], ["disciple", "mp-leader"]].map((roles) => learner(t.app, t.db, { roles })));
    for (const [method, url, payload] of calls) {
      const request = { method: method as "GET", url, payload: payload as object | undefined, headers: origin };
      for (const r of refused) expectError(await r.browser.request(request), 403, "ADMINS-ONLY");
      expectError(await new Browser(t.app).request(request), 401, "UNAUTHORIZED");
      expectError(await t.app.inject({ ...request, headers: bearer("not.a.token") }), 401, "TOKEN-BAD");
    }
    expect((await t.db.select().from(mentorProfiles).where(eq(mentorProfiles.id, a.profileId))).length).toBe(1);
    const mpAdmin = await learner(t.app, t.db, { roles: ["disciple", "mp-admin"] });
    expect((await mpAdmin.browser.get("/api/admin/mentors")).statusCode).toBe(200);
  });
});
