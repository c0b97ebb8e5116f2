import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { users } from "../../db/schema/users";
import { uniqueUsername } from "../../../../tests/support/factories";
import { Browser } from "../../../../tests/support/http";
import { login, register } from "../../../../tests/support/sign-in";

const UTM = { utm_source: "newsletter", utm_campaign: "spring", utm_medium: "email" };

describeEachDatabase("arrival data copied onto the user at sign-in", (t) => {
  const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  function arrivedBrowser(cookies: Record<string, string>) {
    const b = new Browser(t.app);
    Object.assign(b.jar, cookies);
    return b;
  }

  describe("sign-up and sign-in", () => {
    it("e-mail registration stores utm-meta, mentor_id and team_id", async () => {
      const b = arrivedBrowser({ "utm-meta": JSON.stringify(UTM), mentor_id: "lpmusr:mentor-1", team_id: "team-9" });
      const { userId } = await register(t.app, {}, b);
      const r = await row(userId);
      expect(r.utm).toEqual([{ ...UTM, environmentId: t.config.ENVIRONMENT_ID }]);
      expect(r.mentorId).toBe("lpmusr:mentor-1");
      expect(r.teamId).toBe("team-9");
      const me = await b.me();
      expect(me.json().analytics.utm).toEqual([{ ...UTM, environmentId: t.config.ENVIRONMENT_ID }]);
    });

    it("a later login adds a new campaign once and keeps the first mentor", async () => {
      const first = await register(t.app, {}, arrivedBrowser({ "utm-meta": JSON.stringify(UTM), mentor_id: "lpmusr:first" }));
      const later = { utm_source: "instagram", utm_campaign: "autumn" };
      const again = arrivedBrowser({ "utm-meta": JSON.stringify(later), mentor_id: "lpmusr:second" });
      await login(t.app, first.email, first.password, again);
      await login(t.app, first.email, first.password, again);
      const r = await row(first.userId);
      expect(r.utm).toEqual([
        { ...UTM, environmentId: t.config.ENVIRONMENT_ID },
        { ...later, environmentId: t.config.ENVIRONMENT_ID },
      ]);
      expect(r.mentorId).toBe("lpmusr:first");
    });

    it("anonymous sign-up and session creation record it too", async () => {
      const b = arrivedBrowser({ team_id: "team-anon" });
      const res = await b.post("/api/auth/anonymous/register", { username: uniqueUsername(), password: "secret-123" });
      expect(res.statusCode, res.body).toBe(200);
      expect((await row(res.json().userId)).teamId).toBe("team-anon");
      const s = arrivedBrowser({ mentor_id: "lpmusr:m-session" });
      const session = await s.post("/api/auth/session");
      expect((await row(session.json().userId)).mentorId).toBe("lpmusr:m-session");
    });
  });

  describe("bad arrival cookies", () => {
    it("are ignored without failing the sign-in", async () => {
      const b = arrivedBrowser({ "utm-meta": "{broken", mentor_id: "<script>alert(1)</script>", team_id: "x".repeat(500) });
      const { userId } = await register(t.app, {}, b);
      const r = await row(userId);
      expect(r.utm).toEqual([]);
      expect(r.mentorId).toBeNull();
      expect(r.teamId).toBeNull();
    });

    it("a campaign without source or campaign is not recorded", async () => {
      const { userId } = await register(t.app, {}, arrivedBrowser({ "utm-meta": JSON.stringify({ utm_medium: "email" }) }));
      expect((await row(userId)).utm).toEqual([]);
    });
  });

  it("a silent token renewal does not count as a sign-in", async () => {
    const b = new Browser(t.app);
    const { userId } = await register(t.app, {}, b);
    b.jar["utm-meta"] = JSON.stringify(UTM);
    delete b.jar["apollo-token"];
    const me = await b.me();
    expect(me.json().id).toBe(userId);
    expect((await row(userId)).utm).toEqual([]);
  });
});
