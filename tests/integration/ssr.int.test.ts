/**
 * Server-rendered HTML as a crawler or a browser without JavaScript gets it: status codes, <html
 * lang/dir>, cookies, SEO meta and custom scripts. No browser needed; runs on the built app.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { environments } from "../../src/server/db/schema/portal";
import { createServices } from "../../src/server/main";
import { useSsrApp } from "../support/ssr-app";
import { changeContent } from "../../src/server/platform/content-version";

const ssr = useSsrApp();
const { config } = ssr;

const get = (url: string, headers: Record<string, string> = {}) => ssr.app.inject({ method: "GET", url, headers });

describe("SSR", () => {
  it("renders each demo language with its lang and dir, and remembers it in the lang cookie", async () => {
    for (const [lang, dir] of [
      ["tr", "ltr"],
      ["en", "ltr"],
      ["ar", "rtl"],
      ["ru", "ltr"],
    ]) {
      const res = await get(`/${lang}/`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<html lang="${lang}" dir="${dir}">`);
      expect(String(res.headers["set-cookie"])).toMatch(new RegExp(`lang=${lang}; Path=/; Max-Age=\\d+; SameSite=Lax`));
    }
    const again = await get("/en/", { cookie: "lang=en" });
    expect(again.headers["set-cookie"]).toBeUndefined();
  });

  it("redirects by previous route, then cookie, then primary language, keeping the query", async () => {
    expect((await get("/courses?x=1")).headers.location).toBe("/tr/courses?x=1");
    expect((await get("/courses?x=1", { cookie: "lang=en" })).headers.location).toBe("/en/courses?x=1");
    const referer = "http://localhost:80/ru/guideline/base";
    expect((await get("/courses?x=1", { cookie: "lang=en", referer, host: "localhost:80" })).headers.location).toBe("/ru/courses?x=1");
    expect((await get("/de/courses")).headers.location).toBe("/tr/courses");
  });

  it("answers unknown paths and not-yet-available screens with the 404 page, noindex", async () => {
    for (const url of ["/en/no/such/page", "/en/courses/c1", "/en/unsubscribe"]) {
      const res = await get(url, { cookie: "lang=en" });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain("This page could not be found");
      expect(res.body, url).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it("puts SEO meta of the main page in the HTML", async () => {
    const { body } = await get("/en/");
    expect(body).toContain("<title>Mentora Academy — Learn at your own pace</title>");
    expect(body).toMatch(/<meta name="description" content="Free and paid courses[^"]*"\/>/);
    expect(body).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\/en\/"\/>/);
    expect(body).toContain('<meta property="og:title"');
    expect(body).toMatch(/<meta property="og:image" content="http:\/\/localhost:3000\/brand\/og-image.svg"\/>/);
    expect(body).not.toContain('name="robots"');
  });

  it("runs custom scripts only when integrations.enabledCustomScripts is on", async () => {
    const script = { id: "stats", code: "window.__mentoraCustom = 1" };
    const setIntegrations = (enabledCustomScripts: boolean) =>
      changeContent(ssr.database.db, async (tx) => {
        await tx
          .update(environments)
          .set({ integrations: { enabledCustomScripts, customScripts: [script], messengers: {} } })
          .where(eq(environments.id, config.ENVIRONMENT_ID));
      });

    await setIntegrations(false);
    expect((await get("/en/")).body).not.toContain('data-custom-script="stats"');
    await setIntegrations(true);
    expect((await get("/en/")).body).toMatch(/<script nonce="[\w+/=]+" data-custom-script="stats">window.__mentoraCustom = 1<\/script>/);
    await setIntegrations(false);
  });

  it("themes the page from the portal theme", async () => {
    const { body } = await get("/en/");
    expect(body).toContain("--theme-radius-component:20px");
    expect(body).toContain("--theme-radius-button:30px");
    expect(body).toContain("--theme-primary:#1d5fd1");
  });

  it("has no /{lang}/dev page unless DEV_TOOLS is on, even for this machine", async () => {
    const local = await ssr.app.inject({ method: "GET", url: "/en/dev", remoteAddress: "127.0.0.1" });
    expect(local.statusCode).toBe(404);
    expect(local.body).not.toContain("pwdtoken");
  });

  it("returns from redirect logins to same-site addresses only (/rcallback, /authcb)", async () => {
    const ok = await get(`/en/rcallback?returnTo=${encodeURIComponent("/en/guideline/base?x=1#top")}`);
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe("/en/guideline/base?x=1#top");
    for (const evil of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const res = await get(`/en/rcallback?returnTo=${encodeURIComponent(evil)}`, { cookie: "lang=en" });
      expect(res.statusCode, evil).toBe(400);
      expect(res.body).toContain("ERR_REDIRECT");
      expect(res.headers.location).toBeUndefined();
    }
    const saved = await get("/authcb", { cookie: "lang=en; returnTo=%2Fen%2Fguideline%2Ficons" });
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe("/en/guideline/icons");
    expect(String(saved.headers["set-cookie"])).toContain("returnTo=; Path=/; Max-Age=0");
    const nothing = await get("/authcb", { cookie: "lang=ru" });
    expect(nothing.headers.location).toBe("/ru/");
  });

  it("signs in with ?quick_token, drops it from the address, and ignores a bad one", async () => {
    const reg = await ssr.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: "quick@example.com", password: "secret12", firstName: "Quick", lastName: "Start", agree: true },
    });
    const services = await createServices(config, ssr.database);
    const token = await services.auth.createQuickToken(reg.json().userId);
    const res = await get(`/en/guideline/base?x=1&quick_token=${token}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/en/guideline/base?x=1");
    const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
    const access = cookies.find((c) => c.startsWith("apollo-token="))!;
    expect(access).toContain("HttpOnly");
    const me = await ssr.app.inject({ method: "GET", url: "/api/users/me", headers: { cookie: access.split(";")[0] } });
    expect(me.json().email).toBe("quick@example.com");

    const reused = await get(`/en/?quick_token=${token}`);
    expect(reused.statusCode).toBe(302);
    expect(reused.headers.location).toBe("/en/");
    expect(String(reused.headers["set-cookie"] ?? "")).not.toContain("apollo-token=");
  });

  it("keeps utm_* in the utm-meta cookie and mentor_id/team_id in their cookies", async () => {
    const res = await get("/en/?utm_source=newsletter&utm_campaign=spring&utm_medium=email&mentor_id=m-7&team_id=t-2", { cookie: "lang=en" });
    expect(res.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
    const utm = cookies.find((c) => c.startsWith("utm-meta="))!;
    expect(JSON.parse(decodeURIComponent(utm.split(";")[0].slice("utm-meta=".length)))).toEqual({
      utm_source: "newsletter",
      utm_campaign: "spring",
      utm_medium: "email",
    });
    expect(cookies.some((c) => c.startsWith("mentor_id=m-7;"))).toBe(true);
    expect(cookies.some((c) => c.startsWith("team_id=t-2;"))).toBe(true);
    const noCampaign = await get("/en/?utm_source=newsletter", { cookie: "lang=en" });
    expect(String(noCampaign.headers["set-cookie"] ?? "")).not.toContain("utm-meta");
  });
});
