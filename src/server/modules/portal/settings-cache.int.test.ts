import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { environments } from "../../db/schema/portal";
import { createServices } from "../../main";

describeEachDatabase("portal settings cache", (t) => {
  const setColor = (color: "teal" | "blue") =>
    t.db
      .update(environments)
      .set({ theme: { componentBorderRadius: 20, button: { borderRadius: 30, type: "gradient" }, color } })
      .where(eq(environments.id, t.config.ENVIRONMENT_ID));

  it("serves one snapshot within the TTL and reads again after it or after invalidate", async () => {
    const { portal } = await createServices({ ...t.config, SETTINGS_CACHE_MS: 60_000 }, t.database);
    const first = await portal.getSettings();
    expect(first.environment.theme.color).toBe("blue");
    await setColor("teal");
    expect((await portal.getSettings()).environment.theme.color).toBe("blue");
    portal.invalidate();
    expect((await portal.getSettings()).environment.theme.color).toBe("teal");
    await setColor("blue");
  });

  it("reads every time when the TTL is 0", async () => {
    const { portal } = await createServices({ ...t.config, SETTINGS_CACHE_MS: 0 }, t.database);
    expect((await portal.getSettings()).environment.theme.color).toBe("blue");
    await setColor("teal");
    expect((await portal.getSettings()).environment.theme.color).toBe("teal");
    await setColor("blue");
  });

  it("does not keep a failed load", async () => {
    const { portal } = await createServices({ ...t.config, PORTAL_ID: "no-such-portal", SETTINGS_CACHE_MS: 60_000 }, t.database);
    await expect(portal.getSettings()).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(portal.getSettings()).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("config", () => {
  it("defaults the settings cache to 2 s", async () => {
    const { parseConfig } = await import("../../config");
    expect(parseConfig({ NODE_ENV: "test" }).SETTINGS_CACHE_MS).toBe(2000);
  });
});
