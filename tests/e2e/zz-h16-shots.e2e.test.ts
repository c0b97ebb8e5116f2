import { it } from "vitest";
import { useE2E } from "./fixtures";
const e2e = useE2E();
it("shots", async () => {
  const admin = await e2e.signIn("admin");
  for (const lang of ["en", "ar"]) {
    for (const screen of ["portal", "environment", "registration"]) {
      const page = await e2e.open(`/${lang}/studio/settings/${screen}`, { page: admin.page });
      await page.setViewportSize({ width: 1400, height: 1000 });
      await page.getByTestId(`${screen}-settings`).waitFor();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/work/shots/s13/h16settings-${screen}-${lang}.png`, fullPage: true });
      if (lang === "en" && screen === "environment") {
        const labels = await page.locator("label").evaluateAll((ls) => ls.map((l) => `${l.textContent}|${l.getAttribute("for")}`));
        console.log(labels.join("\n"));
      }
    }
  }
}, 120_000);
