/**
 * Dynamic forms in the browser: the demo "Ask a question" block on the main page (validation,
 * policy box gating, remote search after 3 characters and 1 s, a record written with the hidden
 * fields set by the server), the dynamic-form scenario, the seed's two error texts, and Arabic (rtl)
 * with axe.
 */
import { eq, sql } from "drizzle-orm";
import type { Page, Request } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { TBlock } from "../../src/domain/page";
import { dataRecords } from "../../src/server/db/schema/forms";
import { pages } from "../../src/server/db/schema/portal";
import { DEMO_FORM_ID, demoFormFields, demoFormTexts } from "../../src/server/db/seed/demo-forms";
import { useE2E } from "./fixtures";
import { changeContent } from "../../src/server/platform/content-version";

const e2e = useE2E();
/** A field's label, with or without the required-field asterisk. */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`);
const fieldLabel = (name: string, lang: "en" | "ar") => demoFormFields.find((f) => f.name === name)!.props.label[lang];

async function records() {
  return e2e.database.db.select().from(dataRecords).where(eq(dataRecords.dataSourceId, "ds-questions"));
}

/** Remote-search requests the page makes, by their q parameter. */
function searches(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r: Request) => {
    const u = new URL(r.url());
    if (u.pathname.endsWith("/options")) seen.push(u.searchParams.get("q") ?? "");
  });
  return seen;
}

describe("the form block", () => {
  it("keeps submit disabled until the policy box is ticked", async () => {
    const page = await e2e.open("/en/", { status: 200 });
    const form = page.getByTestId("dynamic-form");
    await form.waitFor();
    expect(await form.getByRole("heading", { level: 2 }).textContent()).toBe(demoFormTexts.title.en);
    const submit = form.getByTestId("form-submit");
    expect(await submit.textContent()).toBe(demoFormTexts.buttonText.en);
    expect(await submit.isDisabled()).toBe(true);
    const box = form.getByLabel("I accept the terms of use and the privacy policy");
    await box.check();
    expect(await submit.isDisabled()).toBe(false);
    await box.uncheck();
    expect(await submit.isDisabled()).toBe(true);
    // Enter in a field does not get around the box either.
    await form.getByLabel(label("Your name")).fill("Elif");
    await form.getByLabel(label("Your name")).press("Enter");
    expect(await form.getByRole("alert").count()).toBe(0);
    expect(await records()).toHaveLength(0);
  });

  it("validates every field before saving and writes nothing while one fails", async () => {
    const page = await e2e.open("/en/", { status: 200 });
    const form = page.getByTestId("dynamic-form");
    await form.getByLabel("I accept the terms of use and the privacy policy").check();
    await form.getByLabel(label("Your name")).fill("");
    await form.getByLabel(label("E-mail")).fill("elif@example");
    await form.getByLabel(label("Your question")).fill("Too short");
    await form.getByTestId("form-submit").click();
    await expect.poll(() => form.getByText("Check the highlighted fields.").isVisible()).toBe(true);
    expect(await form.getByText("Your name: Fill in this field.").isVisible()).toBe(true);
    expect(await form.getByText("Enter a valid e-mail address, like name@example.com.").isVisible()).toBe(true);
    expect(await form.getByText("Topic: Fill in this field.").isVisible()).toBe(true);
    expect(await form.getByText("Use at least 10 characters.").isVisible()).toBe(true);
    expect(await form.getByLabel(label("E-mail")).getAttribute("aria-invalid")).toBe("true");
    expect(await records()).toHaveLength(0);
    await e2e.axeCheck(page, "form with errors (en)");
  });

  it("searches cities only from 3 characters, 1 s after typing, and sends the chosen one with the record", async () => {
    const page = await e2e.open("/en/", { cookies: { mentor_id: "mentor-7" }, status: 200 });
    const seen = searches(page);
    const form = page.getByTestId("dynamic-form");
    const city = form.getByRole("combobox", { name: "Your city (optional)" });
    const search = form.getByTestId("remote-search-city");

    await city.pressSequentially("mo");
    expect(await search.getAttribute("data-status")).toBe("short");
    expect(await form.getByText("Type at least 3 characters to search.").isVisible()).toBe(true);
    // Typing on: one search for what was typed last, not one per keystroke.
    await city.pressSequentially("sc", { delay: 40 });
    await expect.poll(() => search.getAttribute("data-status"), { timeout: 20_000 }).toBe("done");
    expect(seen).toEqual(["mosc"]);
    expect(await city.getAttribute("aria-expanded")).toBe("true");
    await form.getByRole("option", { name: "Moscow · Москва" }).click();
    expect(await city.inputValue()).toBe("Moscow · Москва");
    expect(await city.getAttribute("aria-expanded")).toBe("false");

    await form.getByLabel(label("Your name")).fill("Ivan Petrov");
    await form.getByLabel(label("E-mail")).fill(" Ivan@Example.ru ");
    await form.getByLabel(label("Phone (optional)")).fill("+7 (495) 123-45-67");
    await form.getByLabel(label("Topic")).selectOption("mentor");
    await form.getByLabel(label("Your question")).fill("How do I change my mentor?");
    await form.getByLabel("Call me back instead of writing").check();
    await form.getByLabel("I accept the terms of use and the privacy policy").check();
    await form.getByTestId("form-submit").click();
    await page.getByTestId("form-sent").waitFor();
    expect(await page.getByText("Thank you! Your request has been sent.").isVisible()).toBe(true);

    const [row] = await records();
    expect(row).toMatchObject({ formId: DEMO_FORM_ID, userId: "guest", missionaryId: "mentor-7" });
    expect(row.values).toEqual({
      name: "Ivan Petrov",
      email: "ivan@example.ru",
      phone: "+74951234567",
      city: "city-moscow",
      topic: "mentor",
      message: "How do I change my mentor?",
      callback: true,
    });
    await page.getByRole("button", { name: "Send another request" }).click();
    await page.getByTestId("dynamic-form").waitFor();
    expect(await page.getByTestId("dynamic-form").getByTestId("form-submit").isDisabled()).toBe(true);
  });

  it("drops a city that was typed over and not chosen again", async () => {
    const page = await e2e.open("/en/", { status: 200 });
    const form = page.getByTestId("dynamic-form");
    const city = form.getByRole("combobox", { name: "Your city (optional)" });
    await city.pressSequentially("kaz");
    await form.getByRole("option", { name: "Kazan · Казань" }).click();
    await city.pressSequentially("x");
    await expect.poll(() => form.getByTestId("remote-search-city").getAttribute("data-status"), { timeout: 20_000 }).toBe("done");
    expect(await form.getByText("Sorry, no matching options").isVisible()).toBe(true);
    expect(await form.getByTestId("remote-search-city").getByRole("option").count()).toBe(0);

    await form.getByLabel(label("Your name")).fill("Aigul");
    await form.getByLabel(label("E-mail")).fill("aigul@example.com");
    await form.getByLabel(label("Topic")).selectOption("other");
    await form.getByLabel(label("Your question")).fill("Is there a course in Tatar?");
    await form.getByLabel("I accept the terms of use and the privacy policy").check();
    await form.getByTestId("form-submit").click();
    await page.getByTestId("form-sent").waitFor();
    const row = (await records()).find((r) => r.values.email === "aigul@example.com");
    expect(row?.values).not.toHaveProperty("city");
  });
});

describe("the dynamic-form scenario and the error texts", () => {
  beforeAll(async () => {
    // A creator's page with the form as a popup, a form block without a form, and one whose form is gone.
    const blocks: TBlock[] = [
      { id: "ask-popup", type: "form", props: { formId: DEMO_FORM_ID, display: "popup", openText: "Ask us anything" } },
      { id: "no-form", type: "form", props: { display: "inline" } },
      { id: "gone-form", type: "form", props: { formId: "form-deleted", display: "inline" } },
      { id: "no-form-popup", type: "form", props: { display: "popup", openText: "Open nothing" } },
    ];
    await changeContent(e2e.database.db, async (tx) => {
      await tx
        .update(pages)
        .set({ components: sql`${JSON.stringify(blocks)}::jsonb` })
        .where(eq(pages.id, "page-mentor-policy-en"));
    });
  });

  it("opens the form in the scenario popup: fill-profile, then success", async () => {
    const before = (await records()).length;
    const page = await e2e.open("/en/mentor-policy/", { status: 200 });
    await page.getByRole("button", { name: "Ask us anything" }).click();
    const step = page.getByTestId("scenario-step-fill-profile");
    await step.waitFor();
    const form = step.getByTestId("dynamic-form");
    await form.waitFor();
    expect(await form.getByRole("heading", { level: 3 }).textContent()).toBe(demoFormTexts.title.en);
    await form.getByLabel(label("Your name")).fill("Ann Lee");
    await form.getByLabel(label("E-mail")).fill("ann@example.com");
    await form.getByLabel(label("Topic")).selectOption("account");
    await form.getByLabel(label("Your question")).fill("Can I rename my anonymous account?");
    expect(await form.getByTestId("form-submit").isDisabled()).toBe(true);
    await form.getByLabel("I accept the terms of use and the privacy policy").check();
    await e2e.axeCheck(page, "dynamic-form scenario");
    await form.getByTestId("form-submit").click();
    await page.getByTestId("scenario-step-success").waitFor();
    await page.getByRole("button", { name: "Close" }).last().click();
    await expect.poll(() => page.getByTestId("scenario-step-success").count()).toBe(0);
    expect((await records()).length).toBe(before + 1);
  });

  it("says 'Form options was not passed' for a block or a scenario without a form", async () => {
    const page = await e2e.open("/en/mentor-policy/", { status: 200 });
    expect(await page.locator("#no-form").getByText("Form options was not passed").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Open nothing" }).click();
    await page.getByTestId("scenario-step-fill-profile").getByText("Form options was not passed").waitFor();
  });

  it("says 'Error while fetching form:' with the reason in place of a form that cannot be loaded", async () => {
    const page = await e2e.open("/en/mentor-policy/", { status: 200 });
    const gone = page.locator("#gone-form");
    await gone.getByTestId("form-fetch-error").waitFor();
    expect(await gone.getByTestId("form-fetch-error").textContent()).toBe("Error while fetching form: Not found.");
    expect(await gone.getByTestId("dynamic-form").count()).toBe(0);
  });
});

describe("in Arabic", () => {
  it("renders right to left, passes axe, and sends a record", async () => {
    const before = (await records()).length;
    const page = await e2e.open("/ar/", { lang: "ar", status: 200 });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    const form = page.getByTestId("dynamic-form");
    expect(await form.getByRole("heading", { level: 2 }).textContent()).toBe(demoFormTexts.title.ar);
    expect(await form.getByTestId("form-submit").textContent()).toBe(demoFormTexts.buttonText.ar);
    await form.getByLabel("أوافق على شروط الاستخدام وسياسة الخصوصية").check();
    await form.getByTestId("form-submit").click();
    await expect
      .poll(() =>
        form
          .getByText(`${fieldLabel("name", "ar")}:`, { exact: false })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await e2e.axeCheck(page, "form with errors (ar)");

    await form.getByLabel(label(fieldLabel("name", "ar"))).fill("مريم");
    await form.getByLabel(label(fieldLabel("email", "ar"))).fill("maryam@example.com");
    await form.getByLabel(label(fieldLabel("topic", "ar"))).selectOption("courses");
    await form.getByLabel(label(fieldLabel("message", "ar"))).fill("متى تبدأ الدورة القادمة؟");
    const city = form.getByRole("combobox", { name: fieldLabel("city", "ar") });
    await city.pressSequentially("القا");
    await form.getByRole("option", { name: "Cairo · القاهرة" }).click();
    await form.getByTestId("form-submit").click();
    await page.getByTestId("form-sent").waitFor();
    const all = await records();
    expect(all.length).toBe(before + 1);
    expect(all.find((r) => r.values.email === "maryam@example.com")?.values).toMatchObject({ name: "مريم", city: "city-cairo", topic: "courses" });
  });
});
