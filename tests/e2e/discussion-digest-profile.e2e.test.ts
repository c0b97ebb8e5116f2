/**
 * The profile's "Discussion e-mails" in Chromium (issue 14 "beyond peers", docs/decisions/0044): a
 * signed-in learner sees daily chosen, picks another choice with the keyboard, saves it, and a reload
 * shows it kept; in English and in Arabic (rtl), with axe on the profile page.
 */
import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useE2E } from "./fixtures";

const e2e = useE2E();
const SHOTS = "/work/shots/h14follow";

describe.each([
  { lang: "en", title: "Discussion e-mails", weekly: "Weekly digest", saved: "Saved." },
  { lang: "ar", title: "رسائل النقاشات", weekly: "ملخص أسبوعي", saved: "تم الحفظ." },
])("discussion e-mails on the profile ($lang)", ({ lang, title, weekly, saved }) => {
  it("a learner changes the choice, saves it, and a reload shows it kept", async () => {
    const { page } = await e2e.signIn("disciple", { lang });
    await e2e.open(`/${lang}/profile`, { page });
    const setting = page.getByTestId("profile-discussion-mail");
    await setting.waitFor({ timeout: 20_000 });
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    expect(await setting.getByRole("heading", { level: 2 }).textContent()).toBe(title);
    const group = setting.getByRole("group");
    expect(await group.getByRole("radio", { checked: true }).getAttribute("value")).toBe("daily");
    const save = page.getByTestId("discussion-digest-save");
    expect(await save.isDisabled()).toBe(true);

    // Keyboard only: arrows move within the radio group (down from daily is weekly), then Tab to Save.
    await page.getByTestId("discussion-digest-daily").focus();
    await page.keyboard.press("ArrowDown");
    expect(await group.getByRole("radio", { name: new RegExp(weekly) }).isChecked()).toBe(true);
    await save.focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("discussion-digest-status").filter({ hasText: saved }).waitFor({ timeout: 20_000 });
    expect(await save.isDisabled()).toBe(true);
    await e2e.axeCheck(page, `profile discussion e-mails ${lang}`);
    mkdirSync(SHOTS, { recursive: true });
    await setting.screenshot({ path: `${SHOTS}/profile-digest-${lang}.png` });
    await page.screenshot({ path: `${SHOTS}/profile-${lang}.png`, fullPage: true });

    await page.reload();
    await page.getByTestId("profile-discussion-mail").waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("discussion-digest-weekly").isChecked()).toBe(true);
    const reply = await page.request.get(e2e.url("/api/profile/discussion-digest"));
    expect(await reply.json()).toEqual({ period: "weekly" });
  });
});

it("an anonymous session's profile has no discussion e-mails (only accounts follow threads)", async () => {
  const { page } = await e2e.newPage({ lang: "en", consent: true });
  expect((await page.request.post(e2e.url("/api/auth/session"), { headers: { origin: e2e.baseURL } })).status()).toBe(200);
  await e2e.open("/en/profile", { page });
  await page.getByTestId("profile-sign-up").waitFor({ timeout: 20_000 });
  expect(await page.getByTestId("profile-discussion-mail").count()).toBe(0);
});
