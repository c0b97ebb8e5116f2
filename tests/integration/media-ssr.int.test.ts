/**
 * The media library's page as the server renders it (issue 15): authors only, by the studio policy
 * (a guest or an anonymous session signs in and comes back, a learner or a mentor is refused with
 * 403); in English and Arabic (rtl) with the portal's files listed; linked from the studio header.
 * Runs on the built app.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Browser } from "../support/http";
import { learner, sessionBrowser } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";

const mediaDir = mkdtempSync(path.join(tmpdir(), "mentora-media-ssr-"));
const ssr = useSsrApp({ MEDIA_DIR: mediaDir });
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

describe("the media library page", () => {
  it("sends a guest and an anonymous session to sign in and back", async () => {
    const returnTo = `/en/?login=1&returnTo=${encodeURIComponent("/en/studio/media")}`;
    const guest = await new Browser(ssr.app).get("/en/studio/media");
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toBe(returnTo);
    const anonymous = await (await sessionBrowser(ssr.app)).browser.get("/en/studio/media");
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe(returnTo);
  });

  it("refuses a learner and a mentor with the access-denied page", async () => {
    for (const roles of [["disciple"], ["disciple", "mentor"]]) {
      const user = await learner(ssr.app, ssr.database.db, { roles });
      const res = await user.browser.get("/en/studio/media");
      expect(res.statusCode, roles.join()).toBe(403);
      expect(res.body).not.toContain('data-testid="media-library"');
    }
  });

  it.each([
    ["en", "ltr", "Studio: media library", "Upload a file"],
    ["ar", "rtl", "الاستوديو: مكتبة الوسائط", "رفع ملف"],
  ])("lists the portal's files for an author in %s (%s)", async (lang, dir, title, upload) => {
    const author = await learner(ssr.app, ssr.database.db, { roles: ["disciple", "mp-leader"] });
    const up = await author.browser.request({
      method: "POST",
      url: "/api/admin/media",
      payload: Buffer.from(`notes in ${lang}\n`),
      headers: { origin: "http://localhost", "content-type": "text/plain", "x-file-name": `notes-${lang}.txt` },
    });
    expect(up.statusCode, up.body).toBe(201);
    const res = await author.browser.get(`/${lang}/studio/media`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(res.body).toContain(`<title>${title}</title>`);
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    expect(res.body).toContain(`>${upload}</label>`);
    expect(res.body).toContain(`notes-${lang}.txt`);
    expect(res.body).toMatch(
      new RegExp(`data-testid="studio-media-link"[^>]*href="/${lang}/studio/media"|href="/${lang}/studio/media"[^>]*data-testid="studio-media-link"`),
    );
  });
});
