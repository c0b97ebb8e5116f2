import { afterEach, expect, it, vi } from "vitest";
import { storeCookieDecision } from "./consent-calls";

afterEach(() => vi.unstubAllGlobals());

it("reads the account the server answers a stored decision with as success", async () => {
  const portals = [{ learningPortalId: "lp-1", cookies: { analytics: "denied" } }];
  const account = { id: "usr-1", roles: ["disciple"], email: "a@example.com", gdpr: { portals }, orders: { courses: [] } };
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(account), { status: 200, headers: { "content-type": "application/json" } })),
  );
  const res = await storeCookieDecision({ learningPortalId: "lp-1", cookies: { analytics: "denied" } });
  expect(res).toEqual({ ok: true, data: { id: "usr-1", gdpr: { portals } } });
});
