/**
 * No raw `{{placeholder}}` on any page the server renders (issue 28): every route of src/web/routes.ts
 * with the demo data, as a guest, a learner, a mentor and an admin, in each portal language (tr, en,
 * ar, ru). A text whose value was not passed keeps its `{{name}}` (the translator leaves it), so it
 * would show on screen or be read out from an aria-label. The check reads the HTML without its
 * scripts and styles: the visible text and every attribute (aria-label, title, alt, placeholder…).
 * The popups that only open in the browser (mentor picker, sign-in, cookie notice) are swept in
 * tests/e2e/placeholders.e2e.test.ts. Runs on the built app.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TCertificate } from "../../src/domain/certificate";
import { DEMO_PREVIEW_SECRET } from "../../src/server/db/seed/demo-courses";
import { passedAttempt } from "../support/assessments";
import { Browser, json } from "../support/http";
import { FORM, type MadeOrder, PAYMENT_ENV, liqpayCallback, orderBody } from "../support/payments";
import { learner, type Registered } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";

const ssr = useSsrApp(PAYMENT_ENV);
const LANGS = ["tr", "en", "ar", "ru"] as const;
const READING = "reading-foundations";
const READING_IDS = ["rf-slow-reading", "rf-main-idea", "rf-check-main-idea", "rf-reading-circle", "rf-between-lines", "rf-final-check"];
const READING_TESTS = new Set(["rf-check-main-idea", "rf-final-check"]);

/** Every `{{…}}` left in the HTML outside scripts and styles, with a little of what surrounds it. */
export function placeholdersLeft(html: string): string[] {
  const text = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, "");
  return [...text.matchAll(/\{\{/g)].map((m) => text.slice(Math.max(0, m.index - 80), m.index + 40).replace(/\s+/g, " "));
}

type Who = "guest" | "learner" | "graduate" | "mentor" | "admin";

interface Sweep {
  people: Record<Who, Browser>;
  /** Addresses (after the language) by who opens them. */
  paths: Array<{ who: Who; path: string }>;
}

/** The route patterns of routes.ts under `:lang` that render a screen (not the later-capability 404s or redirects). */
function screenRoutes(): string[] {
  const source = readFileSync(join(process.cwd(), "src", "web", "routes.ts"), "utf8");
  const routes = [...source.matchAll(/\broute\("([^"]+)", "routes\/([\w.-]+)\.tsx"/g)]
    .filter(([, , file]) => !["unavailable", "return-callback", "not-found"].includes(file))
    .map(([, path]) => path);
  return ["", ...routes];
}

const patternOf = (route: string) =>
  new RegExp(
    `^${route
      .split("/")
      .map((part) => (part.startsWith(":") ? (part.endsWith("?") ? "[^/]*" : "[^/]+") : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/")}/?(\\?.*)?$`,
  );

async function order(buyer: Registered, gateway: "liqpay" | "sandbox") {
  const res = await buyer.browser.post(
    "/api/orders",
    orderBody(ssr.config.ENVIRONMENT_ID, "confident-speaking", {
      gateway,
      resultUrl: "http://localhost:3000/en/order-result/?continue=/lesson/cs-first-minute/",
    }),
  );
  return json<MadeOrder & { meta: { data: string; signature: string } }>(res);
}

async function prepare(): Promise<Sweep> {
  const db = ssr.database.db;
  const guest = new Browser(ssr.app);
  const plain = await learner(ssr.app, db, { firstName: "Ayşe", lastName: "Yılmaz" });
  const mentor = await learner(ssr.app, db, { roles: ["disciple", "mentor"] });
  const admin = await learner(ssr.app, db, { roles: ["disciple", "admin"] });

  // A graduate of the free course: progress on every element, both tests passed, the certificate issued.
  const graduate = await learner(ssr.app, db, { firstName: "Omar", lastName: "Haddad" });
  for (const id of READING_IDS) {
    if (READING_TESTS.has(id)) await passedAttempt(db, graduate.userId, id, READING);
    expect((await graduate.browser.post(`/api/progress/elements/${id}/finish`)).statusCode).toBe(200);
  }
  const certificate = json<{ certificates: TCertificate[] }>(await graduate.browser.get("/api/certificates?lang=en")).certificates[0]!;

  // A paid order (LiqPay callback) and a sandbox one at its test checkout.
  const paid = await order(graduate, "liqpay");
  const callback = await ssr.app.inject({
    method: "POST",
    url: "/api/payments/liqpay/callback",
    headers: FORM,
    payload: liqpayCallback({ order_id: paid.orderId, status: "success", amount: 490, currency: "UAH" }),
  });
  expect(callback.statusCode, callback.body).toBe(200);
  const sandbox = await order(plain, "sandbox");
  const checkout = await plain.browser.request({
    method: "POST",
    url: sandbox.checkoutUrl!,
    headers: FORM,
    payload: new URLSearchParams({ data: sandbox.meta.data, signature: sandbox.meta.signature }).toString(),
  });
  expect(checkout.statusCode, checkout.body).toBe(303);
  const testPayment = String(checkout.headers.location).replace(/^\/[a-z]{2}\//, "");

  const env = ssr.config.ENVIRONMENT_ID;
  const paths: Sweep["paths"] = [
    ...[
      "",
      "guideline/base",
      "guideline/components",
      "guideline/icons",
      "connect/telegram",
      "connect/whatsapp",
      "pages/blocks-showcase",
      "pages/404",
      "pages/access-denied",
      "courses",
      "courses/reading-foundations",
      "courses/confident-speaking",
      "courses/lasting-habits",
      "courses/reading-foundations/lesson/rf-slow-reading",
      "courses/reading-foundations/test/rf-check-main-idea",
      "courses/reading-foundations/webinar/rf-reading-circle",
      "courses/lasting-habits/webinar/lh-coach-qa",
      "courses/confident-speaking/lesson/cs-first-minute",
      "microcourse/study-planner",
      "microcourse/breathing-break",
      "video-event/history-of-writing",
      "privacy-policy",
      "terms-of-use",
      "cookie-policy",
      "mentor-policy",
      "mentor-terms",
      `certificates/${certificate.number}`,
      "certificates/MNT-2222222222222222",
      "gift/not-a-gift-token",
      "order-result/",
      "no/such/page",
      "dev",
    ].map((path) => ({ who: "guest" as const, path })),
    ...[
      "",
      "courses",
      "courses/reading-foundations",
      "courses/reading-foundations/lesson/rf-slow-reading",
      "courses/reading-foundations/test/rf-check-main-idea",
      "courses/reading-foundations/test/rf-final-check",
      "courses/reading-foundations/webinar/rf-reading-circle",
      "courses/lasting-habits/test/lh-plan",
      "profile",
      "profile/progress",
      "profile/progress/finished",
      "profile/progress/elsewhere",
      "profile/Notifications/NotificationsPage",
      testPayment,
    ].map((path) => ({ who: "learner" as const, path })),
    ...[
      "profile",
      "profile/progress/finished",
      `profile/orders/${paid.orderId}`,
      `order-result/${paid.orderId}/`,
      `certificates/${certificate.number}`,
      "courses/reading-foundations",
      "courses/reading-foundations/test/rf-final-check",
    ].map((path) => ({ who: "graduate" as const, path })),
    ...["mentor/", "mentor/reviews", "mentor/discussions", "mentor/discussions?tab=reports", `progress/${graduate.userId}/rf-final-check/${env}`].map(
      (path) => ({
        who: "mentor" as const,
        path,
      }),
    ),
    ...[
      "studio",
      "studio/courses/reading-foundations",
      `preview/reading-foundations?secret=${DEMO_PREVIEW_SECRET}`,
      "studio/pages",
      "studio/pages/advantages",
      "studio/pages/advantages/preview",
      "studio/navigation",
      "studio/settings/portal",
      "studio/settings/environment",
      "studio/settings/registration",
      "studio/dashboard",
      "studio/microcourses",
      "studio/microcourses/study-planner",
      "studio/video-events",
      "studio/video-events/history-of-writing",
      "studio/media",
      "studio/orders",
      "studio/letters",
      `studio/orders/${paid.orderId}`,
      "studio/mentors",
      "studio/users",
      `studio/users/${graduate.userId}`,
    ].map((path) => ({ who: "admin" as const, path })),
  ];
  return { people: { guest, learner: plain.browser, graduate: graduate.browser, mentor: mentor.browser, admin: admin.browser }, paths };
}

describe("placeholders left in the server's pages", () => {
  let sweep: Sweep;
  const ready = async () => (sweep ??= await prepare());

  it("finds a placeholder left in the text or an attribute, and nothing in scripts", () => {
    expect(placeholdersLeft('<p>1 of {{total}}</p><script>{"a":"{{b}}"}</script>')).toHaveLength(1);
    expect(placeholdersLeft('<span aria-label="1 of {{total}}"></span>')).toHaveLength(1);
    expect(placeholdersLeft('<style>a{b:c}</style><p title="x">1 of 2</p><script type="application/json">{{x}}</script>')).toEqual([]);
  });

  it("opens every screen route of routes.ts", async () => {
    const { paths } = await ready();
    const unswept = screenRoutes().filter((route) => !paths.some(({ path }) => patternOf(route).test(path)));
    expect(unswept).toEqual([]);
  });

  it.each(LANGS)("in %s, leave no {{placeholder}} on any page", async (lang) => {
    const { people, paths } = await ready();
    const found: string[] = [];
    for (const { who, path } of paths) {
      const res = await people[who].get(`/${lang}/${path}`);
      expect(res.statusCode, `${who} /${lang}/${path}`).toBeLessThan(500);
      if (res.statusCode >= 300 && res.statusCode < 400) found.push(`${who} /${lang}/${path}: redirected to ${String(res.headers.location)}`);
      for (const left of placeholdersLeft(res.body)) found.push(`${who} /${lang}/${path}: …${left}…`);
    }
    expect(found).toEqual([]);
  });
});
