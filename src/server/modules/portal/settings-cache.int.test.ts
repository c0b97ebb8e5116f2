import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { environments } from "../../db/schema/portal";
import { createServices } from "../../main";
import { changeContent } from "../../platform/content-version";

describeEachDatabase("portal settings cache (keyed by the content version)", (t) => {
  const theme = (color: "teal" | "blue") => ({ componentBorderRadius: 20, button: { borderRadius: 30, type: "gradient" as const }, color });

  it("serves one snapshot until a content change, then the change at the next read", async () => {
    const { portal, bus, contentVersion } = await createServices(t.config, t.database);
    try {
      const first = await portal.getSettings();
      expect(first.environment.theme.color).toBe("blue");
      expect(await portal.getSettings()).toBe(first);
      // A write past the one function is not seen: the snapshot is what the cache holds.
      await t.db
        .update(environments)
        .set({ theme: theme("teal") })
        .where(eq(environments.id, t.config.ENVIRONMENT_ID));
      expect((await portal.getSettings()).environment.theme.color).toBe("blue");
      // Through changeContent it is, at once.
      await changeContent(t.db, async (tx) => {
        await tx
          .update(environments)
          .set({ theme: theme("teal") })
          .where(eq(environments.id, t.config.ENVIRONMENT_ID));
      });
      expect((await portal.getSettings()).environment.theme.color).toBe("teal");
      await changeContent(t.db, async (tx) => {
        await tx
          .update(environments)
          .set({ theme: theme("blue") })
          .where(eq(environments.id, t.config.ENVIRONMENT_ID));
      });
      expect((await portal.getSettings()).environment.theme.color).toBe("blue");
    } finally {
      contentVersion.close();
      await bus.close();
    }
  });

  it("writes the API reply once per snapshot, and the reply follows a content change", async () => {
    const color = async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/portal/settings" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      return (res.json() as { environment: { theme: { color: string } } }).environment.theme.color;
    };
    expect(await color()).toBe("blue");
    const again = await t.app.inject({ method: "GET", url: "/api/portal/settings" });
    expect(again.body).toBe((await t.app.inject({ method: "GET", url: "/api/portal/settings" })).body);
    await changeContent(t.db, async (tx) => {
      await tx
        .update(environments)
        .set({ theme: theme("teal") })
        .where(eq(environments.id, t.config.ENVIRONMENT_ID));
    });
    try {
      await expect.poll(color, { timeout: 5_000, interval: 20 }).toBe("teal");
    } finally {
      await changeContent(t.db, async (tx) => {
        await tx
          .update(environments)
          .set({ theme: theme("blue") })
          .where(eq(environments.id, t.config.ENVIRONMENT_ID));
      });
    }
    await expect.poll(color, { timeout: 5_000, interval: 20 }).toBe("blue");
  });

  it("hands every reader the same frozen snapshot", async () => {
    const { portal, bus, contentVersion } = await createServices(t.config, t.database);
    try {
      const [a, b] = await Promise.all([portal.getSettings(), portal.getSettings()]);
      expect(a).toBe(b);
      expect(Object.isFrozen(a.environment.theme)).toBe(true);
      expect(() => {
        (a.environment.theme as { color: string }).color = "teal";
      }).toThrow(TypeError);
    } finally {
      contentVersion.close();
      await bus.close();
    }
  });

  it("does not keep a failed load", async () => {
    const { portal, bus, contentVersion } = await createServices({ ...t.config, PORTAL_ID: "no-such-portal" }, t.database);
    try {
      await expect(portal.getSettings()).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(portal.getSettings()).rejects.toMatchObject({ code: "NOT_FOUND" });
    } finally {
      contentVersion.close();
      await bus.close();
    }
  });
});

describe("config", () => {
  it("replays guest pages for 15 s by default, and 0 turns it off", async () => {
    const { parseConfig } = await import("../../config");
    expect(parseConfig({ NODE_ENV: "test" }).PAGE_CACHE_MS).toBe(15_000);
    expect(parseConfig({ NODE_ENV: "test", PAGE_CACHE_MS: "0" }).PAGE_CACHE_MS).toBe(0);
  });
});
