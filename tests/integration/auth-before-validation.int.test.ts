/**
 * The per-route chain is rate limit, authenticate, validate, authorize (issue 29 §8.4). A guest's write
 * to an admin endpoint used to be validated first: `POST /api/admin/courses {}` without a token answered
 * 400 VALIDATION listing the fields instead of 401. Routes now declare who may call them
 * (`config: { auth }`, platform/auth/request-auth.ts) and one onRoute hook authenticates them before
 * the body is read. This contract walks every route of the app's route table that declares a
 * signed-in caller (app.authRoutes, filled as routes register: no hand-kept list) and sends each a bad
 * body, bad parameters and a bad query, without a token and with a bad one.
 */
import type { InjectOptions } from "fastify";
import { beforeAll, expect, it } from "vitest";
import type { DeclaredAuthRoute } from "../../src/server/platform/auth/request-auth";
import { bearer, expectError, json, uniqueIp } from "../support/http";
import { learner, type Registered } from "../support/sign-in";
import { describeEachDatabase } from "../setup/databases";

/** A path parameter no schema takes (a NUL byte), a query and a body no schema takes either. */
const BAD_PARAM = "%21bad%00";
const BAD_QUERY = "limit=-1&lang=%00&after=%00&q=%00";
const BAD_BODY = JSON.stringify({ "x\u0000": ["\u0000"], roles: "admin", title: 42 });

function badRequest(route: DeclaredAuthRoute, headers: Record<string, string>): InjectOptions {
  const url = `/api${route.url.replace(/^\/api/, "")}`.replace(/:[A-Za-z]+/g, BAD_PARAM);
  const withBody = route.method !== "GET" && route.method !== "DELETE";
  return {
    method: route.method as InjectOptions["method"],
    url: `${url}?${BAD_QUERY}`,
    headers: { ...headers, ...(withBody ? { "content-type": "application/json" } : {}) },
    ...(withBody ? { payload: BAD_BODY } : {}),
    remoteAddress: uniqueIp(),
  };
}

/** What a guest is told by a route that declares `auth`: the sign-in answer, never a list of fields. */
const GUEST_ANSWER = {
  user: { status: 401, code: "UNAUTHORIZED", key: "errors:codes.UNAUTHORIZED" },
  "signed-in": { status: 403, code: "REGISTRATION-REQUIRED", key: "errors:codes.REGISTRATION_REQUIRED" },
} as const;

describeEachDatabase("every route that needs a signed-in user authenticates before it validates", (t) => {
  let routes: readonly DeclaredAuthRoute[];
  let admin: Registered;
  let person: Registered;
  beforeAll(async () => {
    routes = t.app.authRoutes;
    admin = await learner(t.app, t.db, { roles: ["disciple", "admin"] });
    person = await learner(t.app, t.db, { roles: ["disciple"] });
  });

  it("the route table holds the declared routes: every admin operation of the OpenAPI document among them", async () => {
    const doc = json<{ paths: Record<string, Record<string, unknown>> }>(await t.app.inject({ method: "GET", url: "/api/docs/json" }));
    const declared = new Set(routes.map((r) => `${r.method} ${r.url.replace(/:([A-Za-z]+)/g, "{$1}")}`));
    const adminOps = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/admin/"))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(adminOps.length).toBeGreaterThan(50);
    expect(adminOps.filter((op) => !declared.has(op))).toEqual([]);
    for (const op of ["POST /api/admin/courses", "POST /api/admin/pages", "POST /api/admin/media", "PUT /api/admin/users/{userId}/roles"]) {
      expect(declared, op).toContain(op);
    }
  });

  it("a guest with a bad body, bad parameters and a bad query gets the sign-in answer from every one of them", async () => {
    expect(routes.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await t.app.inject(badRequest(route, {}));
      const want = GUEST_ANSWER[route.auth];
      const body = res.json() as { error?: { code?: string; key?: string; details?: unknown } };
      if (res.statusCode !== want.status || body.error?.code !== want.code || body.error?.key !== want.key || body.error?.details !== undefined) {
        wrong.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a bad token with a bad body is 401 TOKEN-BAD on every one of them", async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await t.app.inject(badRequest(route, bearer("not-a-token")));
      const body = res.json() as { error?: { code?: string; details?: unknown } };
      if (res.statusCode !== 401 || body.error?.code !== "TOKEN-BAD" || body.error?.details !== undefined) {
        wrong.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the four admin writes of the report: 401 for a guest's `{}`, 400 VALIDATION with the fields for a signed-in one", async () => {
    const id = person.userId;
    const writes: Array<[string, string, Record<string, string>]> = [
      ["POST", "/api/admin/courses", {}],
      ["POST", "/api/admin/pages", {}],
      ["POST", "/api/admin/media", {}],
      ["PUT", `/api/admin/users/${id}/roles`, {}],
    ];
    for (const [method, url, headers] of writes) {
      const send = (auth: Record<string, string>) =>
        t.app.inject({
          method: method as InjectOptions["method"],
          url,
          payload: "{}",
          headers: { "content-type": "application/json", ...headers, ...auth },
          remoteAddress: uniqueIp(),
        });
      const guest = expectError(await send({}), 401, "UNAUTHORIZED");
      expect(guest.details).toBeUndefined();
      // Signed in: validation answers as before, naming what is wrong, for an admin and a learner alike
      // (authorization comes after validation, so a learner learns only the request's own shape).
      for (const who of [admin, person]) {
        const bad = expectError(await send(bearer(who.accessToken)), 400, "VALIDATION");
        expect((bad.details as { validationErrors: unknown[] }).validationErrors.length, `${method} ${url}`).toBeGreaterThan(0);
      }
    }
  });

  it("a signed-in learner with a valid body is refused by the policy, after validation", async () => {
    const as = bearer(person.accessToken);
    const inject = (method: InjectOptions["method"], url: string, payload: unknown) =>
      t.app.inject({ method, url, payload: payload as InjectOptions["payload"], headers: as, remoteAddress: uniqueIp() });
    expectError(await inject("PUT", `/api/admin/users/${admin.userId}/roles`, { roles: ["disciple"] }), 403, "ADMINS-ONLY");
    expectError(await inject("PUT", `/api/admin/users/${person.userId}/roles`, { roles: ["disciple", "admin"] }), 403, "ADMINS-ONLY");
    expectError(await inject("POST", "/api/admin/courses", { id: "learners-own-course", title: { en: "Mine" } }), 403, "AUTHORS-ONLY");
    expectError(await inject("GET", "/api/admin/orders", undefined), 403, "ADMINS-ONLY");
  });

  it("the rate limit comes first: a guest's requests count against a limited route's window", async () => {
    const ip = uniqueIp();
    const hit = () => t.app.inject({ method: "PATCH", url: "/api/users/me/profile", payload: {}, remoteAddress: ip });
    const answers: number[] = [];
    for (let i = 0; i < 25; i++) answers.push((await hit()).statusCode);
    expect(new Set(answers.slice(0, 20))).toEqual(new Set([401]));
    expectError(await hit(), 429, "RATE-LIMITED");
  });
});
