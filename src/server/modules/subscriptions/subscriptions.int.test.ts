import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { subscriptions } from "../../db/schema/subscriptions";
import { SUBSCRIBE_RATE_LIMIT } from "./routes";

let ipCounter = 0;
/** Each test speaks from its own address, so rate-limit counters never leak between tests. */
const uniqueIp = () => `198.51.100.${++ipCounter}`;

describeEachDatabase("subscriptions API", (t) => {
  const post = (payload: unknown, ip = uniqueIp(), headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/subscriptions", payload: payload as object, remoteAddress: ip, headers });
  const rows = (email: string) => t.db.select().from(subscriptions).where(eq(subscriptions.email, email));
  const total = async () => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(subscriptions))[0].n);

  it("stores a subscription with the e-mail trimmed and lowercased, the language, topic and source", async () => {
    const res = await post({ email: "  Ayse.Learner@Example.COM ", lang: "tr", source: "showcase-subscribe" });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email: "ayse.learner@example.com", topic: "news", created: true });
    const [row] = await rows("ayse.learner@example.com");
    expect(row).toMatchObject({ id: body.id, lang: "tr", topic: "news", source: "showcase-subscribe", environmentId: t.config.ENVIRONMENT_ID });
  });

  it("is idempotent per e-mail and topic: the same address again changes nothing", async () => {
    const first = (await post({ email: "again@example.org", lang: "en" })).json();
    const second = await post({ email: "AGAIN@example.org", lang: "ru", source: "other-block" });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ id: first.id, email: "again@example.org", topic: "news", created: false });
    const stored = await rows("again@example.org");
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ lang: "en", source: null });

    const otherTopic = (await post({ email: "again@example.org", lang: "en", topic: "webinars" })).json();
    expect(otherTopic.created).toBe(true);
    expect(otherTopic.id).not.toBe(first.id);
    expect(await rows("again@example.org")).toHaveLength(2);
  });

  it("keeps one row when the same address arrives twice at the same time", async () => {
    const [a, b] = await Promise.all([post({ email: "race@example.org", lang: "en" }), post({ email: "race@example.org", lang: "en" })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().created, b.json().created].sort()).toEqual([false, true]);
    expect(a.json().id).toBe(b.json().id);
    expect(await rows("race@example.org")).toHaveLength(1);
  });

  it("refuses a bad e-mail with the shared rule's message key, and stores nothing", async () => {
    const before = await total();
    for (const email of ["ann@example", "ann.example.org", "ann@@example.org", "a".repeat(250) + "@example.org"]) {
      const res = await post({ email, lang: "en" });
      expect(res.statusCode, email).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe("VALIDATION");
      expect(error.details.validationErrors[0].path).toBe("email");
      expect(["crud.validation.message.email", "crud.validation.message.maxLength"]).toContain(error.details.validationErrors[0].message);
    }
    const blank = (await post({ email: "   ", lang: "en" })).json();
    expect(blank.error.details.validationErrors).toEqual([{ path: "email", message: "crud.validation.message.required" }]);
    expect(await total()).toBe(before);
  });

  it("refuses an empty body, a wrong topic and a language the portal does not have", async () => {
    const empty = await t.app.inject({ method: "POST", url: "/api/subscriptions", remoteAddress: uniqueIp() });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe("VALIDATION");
    expect((await post({ email: "x@example.org", lang: "en", topic: "two words" })).json().error.code).toBe("VALIDATION");
    const de = await post({ email: "x@example.org", lang: "de" });
    expect(de.statusCode).toBe(400);
    expect(de.json().error.code).toBe("UNSUPPORTED-LANG");
    expect(await rows("x@example.org")).toHaveLength(0);
  });

  it("refuses a cross-site submission (Origin check) and stores nothing", async () => {
    const res = await post({ email: "csrf@example.org", lang: "en" }, uniqueIp(), { origin: "https://evil.example", host: "localhost:80" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("BAD-ORIGIN");
    expect(await rows("csrf@example.org")).toHaveLength(0);
  });

  it(`limits each address to ${SUBSCRIBE_RATE_LIMIT} requests per window (429 RATE-LIMITED); others are not affected`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < SUBSCRIBE_RATE_LIMIT; i++) {
      const res = await post({ email: `many${i}@example.org`, lang: "en" }, ip);
      expect(res.statusCode, `#${i + 1}`).toBe(200);
    }
    const limited = await post({ email: "one-more@example.org", lang: "en" }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("RATE-LIMITED");
    expect(await rows("one-more@example.org")).toHaveLength(0);
    expect((await post({ email: "one-more@example.org", lang: "en" })).statusCode).toBe(200);
  });
});
