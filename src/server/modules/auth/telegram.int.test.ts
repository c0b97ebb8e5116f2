import { createHash, createHmac } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { cookieHeader, cookiesOf, uniqueIp } from "../../../../tests/support/http";

const BOT = "777777777:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

/** Signs widget fields the way Telegram does (see platform/auth/telegram.ts and its vector test). */
function signed(fields: Record<string, string>, bot = BOT): Record<string, string> {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("\n");
  const hash = createHmac("sha256", createHash("sha256").update(bot).digest()).update(check).digest("hex");
  return { ...fields, hash };
}

describeEachDatabase("Telegram login callback", (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await t.buildApp({ TELEGRAM_BOT_TOKEN: BOT });
  });
  const now = () => String(Math.floor(Date.now() / 1000));
  const callback = (fields: Record<string, string>, quickLink = "/ru/") =>
    app.inject({
      method: "GET",
      url: `/connect/telegram/callback?${new URLSearchParams({ ...fields, quick_link: quickLink, lang: "ru" })}`,
      remoteAddress: uniqueIp(),
    });

  it("signs in with verified widget fields and returns to quick_link; the same Telegram id is the same user", async () => {
    const fields = signed({ id: "4242", first_name: "Олег", username: "oleg_k", auth_date: now() });
    const res = await callback(fields);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/ru/");
    const me = (await app.inject({ method: "GET", url: "/api/users/me", headers: { cookie: cookieHeader(cookiesOf(res)) } })).json();
    expect(me).toMatchObject({ firstName: "Олег", status: "active", roles: ["disciple"] });
    expect(me.links).toContain("telegram|4242");
    const again = await callback(signed({ id: "4242", first_name: "Олег", auth_date: now() }));
    const me2 = (await app.inject({ method: "GET", url: "/api/users/me", headers: { cookie: cookieHeader(cookiesOf(again)) } })).json();
    expect(me2.id).toBe(me.id);
  });

  it("refuses tampered fields, another bot's signature and an old login, signing nobody in", async () => {
    const good = signed({ id: "5151", first_name: "Ivan", auth_date: now() });
    for (const bad of [
      { ...good, id: "5152" },
      signed({ id: "5151", first_name: "Ivan", auth_date: now() }, "777777777:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"),
      signed({ id: "5151", first_name: "Ivan", auth_date: String(Math.floor(Date.now() / 1000) - 2 * 24 * 3600) }),
    ]) {
      const res = await callback(bad);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/ru/?login=failed");
      expect(cookiesOf(res)["apollo-token"]).toBeUndefined();
    }
  });

  it("refuses a quick_link that leaves the site", async () => {
    const res = await callback(signed({ id: "6161", auth_date: now() }), "//evil.example/");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("ERR_REDIRECT");
  });

  it("answers 404 when no bot is configured", async () => {
    const res = await t.app.inject({ method: "GET", url: `/connect/telegram/callback?${new URLSearchParams(signed({ id: "1", auth_date: now() }))}` });
    expect(res.statusCode).toBe(404);
  });
});
