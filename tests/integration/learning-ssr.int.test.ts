/**
 * Server-rendered learning pages as a crawler or a first page load gets them: status codes, SEO meta
 * per page kind, the element states in the HTML, the access rules (locked, unbought, sign-in door,
 * whose progress), previews with a secret, microcourses and video events. Runs on the built app.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { courses } from "../../src/server/db/schema/courses";
import { pages, portals } from "../../src/server/db/schema/portal";
import { users } from "../../src/server/db/schema/users";
import { DEMO_PREVIEW_SECRET } from "../../src/server/db/seed/demo-courses";
import { Browser } from "../support/http";
import { register } from "../support/sign-in";
import { redateTodaysEpisode } from "../support/todays-episode";
import { useSsrApp } from "../support/ssr-app";
import { listOrder, seedLearnerCourses } from "../support/progress-seed";
import { changeContent } from "../../src/server/platform/content-version";

const ssr = useSsrApp();
const { config } = ssr;

const guest = () => new Browser(ssr.app);
const origin = { origin: "http://localhost" };
/** A signed-in learner (role disciple) with its own cookie jar. */
async function learner(): Promise<Browser> {
  const browser = new Browser(ssr.app);
  await register(ssr.app, {}, browser);
  return browser;
}
const finish = (b: Browser, elementId: string) => b.post(`/api/progress/elements/${elementId}/finish`, undefined, origin);

const READING = "/en/courses/reading-foundations";

describe("course pages in the HTML", () => {
  it("render the catalogue with every published course card, category label and price symbol", async () => {
    const res = await guest().get("/en/courses/");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Courses | ");
    for (const title of ["Foundations of Reading", "Speaking with Confidence", "Habits That Last"]) expect(res.body).toContain(title);
    expect(res.body).toMatch(/₴\s*490/);
    expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\/en\/courses\/"\/>/);
  });

  it("carry the course's title, description, canonical address and og tags, indexable when published", async () => {
    const res = await guest().get(READING);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Foundations of Reading | ");
    expect(res.body).toMatch(/<meta name="description" content="Six short steps[^"]*"\/>/);
    expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\/en\/courses\/reading-foundations"\/>/);
    expect(res.body).toContain('<meta property="og:title" content="Foundations of Reading | ');
    expect(res.body).toContain('<meta property="og:type" content="article"/>');
    expect(res.body).toMatch(/<meta property="og:image" content="http:\/\/localhost:3000\/demo\/courses\/reading.svg"\/>/);
    expect(res.body).not.toContain('name="robots"');
    // A guest sees the no-progress rule: the first element open, the rest locked; the marker says start.
    expect(res.body).toMatch(/data-element="rf-slow-reading" data-state="opened"/);
    expect(res.body).toMatch(/data-element="rf-main-idea" data-state="locked"/);
    expect(res.body).toMatch(/data-testid="opened-marker" data-name="start" data-element="rf-slow-reading"/);
    expect(res.body).toContain('data-scenario="start-free-lesson"');
    expect(res.body).toContain("Start the free lesson");
  });

  it("keep a course whose page is unpublished out of search engines", async () => {
    await changeContent(ssr.database.db, async (tx) => {
      await tx.update(pages).set({ published: false }).where(eq(pages.alias, "course-lasting-habits"));
    });
    try {
      const res = await guest().get("/en/courses/lasting-habits");
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<meta name="robots" content="noindex"/>');
      // Without its page the course is still there, from its own title and description.
      expect(res.body).toContain("<title>Habits That Last | ");
    } finally {
      await changeContent(ssr.database.db, async (tx) => {
        await tx.update(pages).set({ published: true }).where(eq(pages.alias, "course-lasting-habits"));
      });
    }
  });

  it("show a paid course's buy button with its price, and its elements behind it", async () => {
    const res = await guest().get("/en/courses/confident-speaking");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-scenario="buy-course"');
    expect(res.body).toMatch(/data-element="cs-first-minute" data-state="buy"/);
  });

  it("label the course button in the page language when the course has no button text", async () => {
    const before = await ssr.database.db
      .select({ start: courses.buttonText, buy: courses.buttonTextBuy })
      .from(courses)
      .where(eq(courses.id, "lasting-habits"));
    await changeContent(ssr.database.db, async (tx) => {
      await tx.update(courses).set({ buttonText: {}, buttonTextBuy: {} }).where(eq(courses.id, "lasting-habits"));
    });
    try {
      for (const [lang, label] of [
        ["en", "Start learning"],
        ["ar", "ابدأ التعلّم"],
      ] as const) {
        const res = await guest().get(`/${lang}/courses/lasting-habits`);
        expect(res.statusCode).toBe(200);
        expect(res.body).toMatch(new RegExp(`data-testid="course-action"[^>]*>${label}</button>`));
      }
    } finally {
      await changeContent(ssr.database.db, async (tx) => {
        await tx.update(courses).set({ buttonText: before[0]!.start, buttonTextBuy: before[0]!.buy }).where(eq(courses.id, "lasting-habits"));
      });
    }
  });

  it("answer unknown and unpublished courses with the 404 page", async () => {
    expect((await guest().get("/en/courses/no-such-course")).statusCode).toBe(404);
    await changeContent(ssr.database.db, async (tx) => {
      await tx.update(courses).set({ published: false }).where(eq(courses.id, "lasting-habits"));
    });
    try {
      const res = await guest().get("/en/courses/lasting-habits");
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    } finally {
      await changeContent(ssr.database.db, async (tx) => {
        await tx.update(courses).set({ published: true }).where(eq(courses.id, "lasting-habits"));
      });
    }
  });
});

describe("course fallback URL", () => {
  it("sends the main page to the catalogue, or a mono portal's course, while no main page is published", async () => {
    await changeContent(ssr.database.db, async (tx) => {
      await tx.update(pages).set({ published: false }).where(eq(pages.alias, "main"));
    });
    try {
      const other = await guest().get("/en/");
      expect(other.statusCode).toBe(302);
      expect(other.headers.location).toBe("/en/courses/");
      await changeContent(ssr.database.db, async (tx) => {
        await tx.update(portals).set({ type: "mono" }).where(eq(portals.id, config.PORTAL_ID));
      });
      const mono = await guest().get("/ru/");
      expect(mono.statusCode).toBe(302);
      expect(mono.headers.location).toBe("/ru/courses/reading-foundations/");
    } finally {
      await changeContent(ssr.database.db, async (tx) => {
        await tx.update(portals).set({ type: "other" }).where(eq(portals.id, config.PORTAL_ID));
      });
      await changeContent(ssr.database.db, async (tx) => {
        await tx.update(pages).set({ published: true }).where(eq(pages.alias, "main"));
      });
    }
    expect((await guest().get("/en/")).statusCode).toBe(200);
  });
});

describe("element pages in the HTML", () => {
  it("render an open lesson with its blocks and element SEO", async () => {
    const res = await guest().get(`${READING}/lesson/rf-slow-reading`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title>[^<]+ \| /);
    expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\/en\/courses\/reading-foundations\/lesson\/rf-slow-reading"\/>/);
    expect(res.body).toContain('data-block="text"');
    expect(res.body).toContain('data-testid="element-finish"');
    // Its discussion is active: the button is there. The next lesson is locked: no link leads into it.
    expect(res.body).toContain('data-testid="discussion-button"');
    expect(res.body).not.toContain('data-testid="element-next"');
  });

  it("show no discussion button where the element's discussion is not active", async () => {
    const b = await learner();
    expect((await finish(b, "rf-slow-reading")).statusCode).toBe(200);
    const res = await b.get(`${READING}/lesson/rf-main-idea`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-testid="discussion-button"');
    expect(res.body).toContain('data-testid="element-previous"');
  });

  it("refuse a locked element with the access-denied screen (403)", async () => {
    const res = await guest().get(`${READING}/lesson/rf-main-idea`);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('data-testid="access-denied"');
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
  });

  it("send a guest asking for a paid or account-only element to the sign-in door (403)", async () => {
    for (const url of ["/en/courses/confident-speaking/lesson/cs-first-minute", `${READING}/test/rf-check-main-idea`]) {
      const res = await guest().get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.body, url).toContain('data-testid="sign-in-gate"');
      expect(res.body, url).toContain("Sign in to continue");
    }
  });

  it("refuse a signed-in learner who has not bought the course (403 access denied)", async () => {
    const res = await (await learner()).get("/en/courses/confident-speaking/lesson/cs-first-minute");
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('data-testid="access-denied"');
  });

  it("answer an element under the wrong course or kind with the 404 page", async () => {
    expect((await guest().get("/en/courses/lasting-habits/lesson/rf-slow-reading")).statusCode).toBe(404);
    expect((await guest().get(`${READING}/webinar/rf-slow-reading`)).statusCode).toBe(404);
    expect((await guest().get(`${READING}/lesson/no-such-element`)).statusCode).toBe(404);
  });
});

describe("creator preview", () => {
  it("shows the course and a locked element with the secret, never indexed", async () => {
    const course = await guest().get(`/en/preview/reading-foundations?secret=${DEMO_PREVIEW_SECRET}`);
    expect(course.statusCode).toBe(200);
    expect(course.body).toContain('<meta name="robots" content="noindex"/>');
    expect(course.body).toMatch(/data-element="rf-final-check" data-state="opened"/);
    const element = await guest().get(`/en/preview/reading-foundations?secret=${DEMO_PREVIEW_SECRET}&element=rf-final-check`);
    expect(element.statusCode).toBe(200);
    expect(element.body).toContain('data-element="rf-final-check"');
    expect(element.body).not.toContain('data-testid="element-finish"');
  });

  it("refuses a wrong or missing secret (403)", async () => {
    expect((await guest().get("/en/preview/reading-foundations?secret=wrong")).statusCode).toBe(403);
    expect((await guest().get("/en/preview/reading-foundations")).statusCode).toBe(403);
  });
});

describe("microcourses and video events", () => {
  it("open a free lesson microcourse to guests and send them to the sign-in door for one that needs registration", async () => {
    const open = await guest().get("/en/microcourse/breathing-break");
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('data-testid="microcourse-page"');
    const closed = await guest().get("/en/microcourse/study-planner");
    expect(closed.statusCode).toBe(403);
    expect(closed.body).toContain('data-testid="sign-in-gate"');
    const signedIn = await (await learner()).get("/en/microcourse/study-planner");
    expect(signedIn.statusCode).toBe(200);
  });

  it("say 'Microcourse instance is no provided' for a missing microcourse, and list them without an id", async () => {
    const missing = await guest().get("/en/microcourse/no-such-thing");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("Microcourse instance is no provided");
    const list = await guest().get("/en/microcourse");
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('data-testid="microcourse-list"');
  });

  it("show a video event's episodes as opened, today and closed with their dates", async () => {
    await redateTodaysEpisode(ssr.database.db);
    const res = await guest().get("/en/video-event/history-of-writing");
    expect(res.statusCode).toBe(200);
    const states = [...res.body.matchAll(/data-testid="episode" data-state="(\w+)"/g)].map((m) => m[1]);
    expect(states).toEqual(["opened", "opened", "today", "closed", "closed"]);
    expect(res.body).toMatch(/<time dateTime="[^"]+">[A-Z][a-z]{2} \d{1,2}, \d{4}<\/time>/);
    const ru = await guest().get("/ru/video-event/history-of-writing");
    expect(ru.body).toContain("Сегодня");
    expect((await guest().get("/en/video-event/nope")).statusCode).toBe(404);
  });
});

describe("profile and progress pages", () => {
  it("send a guest to sign in first and back", async () => {
    for (const url of ["/en/profile", "/en/profile/progress", "/en/profile/progress/finished"]) {
      const res = await guest().get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(`/en/?login=1&returnTo=${encodeURIComponent(url)}`);
    }
  });

  it("show the learner's courses by tab, and 404 for an unknown tab", async () => {
    const b = await learner();
    await finish(b, "rf-slow-reading");
    const profile = await b.get("/en/profile");
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('data-course="reading-foundations"');
    const active = await b.get("/en/profile/progress");
    expect(active.body).toMatch(/data-testid="progress-marker" data-name="continue"/);
    const finished = await b.get("/en/profile/progress/finished");
    expect(finished.body).not.toContain('data-course="reading-foundations"');
    expect((await b.get("/en/profile/progress/elsewhere")).statusCode).toBe(404);
  });

  it("page the learner's courses with real links: next, back to the first, and a cut cursor starts again", async () => {
    const b = new Browser(ssr.app);
    const { userId } = await register(ssr.app, {}, b);
    const seeded = await seedLearnerCourses(ssr.database.db, { portalId: config.PORTAL_ID, userId, prefix: "ssrp", count: 45 });
    const order = listOrder(seeded).map((c) => c.courseId);
    const shown = (html: string) => [...html.matchAll(/data-testid="progress-course" data-course="([^"]+)"/g)].map((m) => m[1]);
    /** The href of the link with that test id, as a browser would follow it; null without one. */
    const href = (html: string, testId: string) => {
      const tag = new RegExp(`<a [^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0];
      return tag ? /href="([^"]+)"/.exec(tag)![1].replace(/&amp;/g, "&") : null;
    };
    const nextHref = (html: string) => href(html, "progress-next");

    const first = await b.get("/en/profile/progress/all");
    expect(first.statusCode).toBe(200);
    expect(shown(first.body)).toEqual(order.slice(0, 20));
    expect(first.body).toContain("Next page");
    expect(first.body).not.toContain('data-testid="progress-first"');
    const second = await b.get(nextHref(first.body)!);
    expect(shown(second.body)).toEqual(order.slice(20, 40));
    expect(second.body).toContain('data-testid="progress-first"');
    const third = await b.get(nextHref(second.body)!);
    expect(shown(third.body)).toEqual(order.slice(40));
    expect(nextHref(third.body)).toBeNull();
    expect(href(third.body, "progress-first")).toBe("/en/profile/progress/all");

    const ar = await b.get("/ar/profile/progress/all");
    expect(ar.body).toContain('dir="rtl"');
    expect(ar.body).toContain("الصفحة التالية");
    expect(nextHref(ar.body)).toMatch(/^\/ar\/profile\/progress\/all\?after=/);

    for (const bad of ["nope", "1.a%27b", "-5.x"]) {
      const res = await b.get(`/en/profile/progress/finished?after=${bad}`);
      expect(res.statusCode, bad).toBe(302);
      expect(res.headers.location).toBe("/en/profile/progress/finished");
    }
  });

  it("send a first page of 20 of 500 courses, and the profile three, each well under 100 kB", async () => {
    const b = new Browser(ssr.app);
    const { userId } = await register(ssr.app, {}, b);
    await seedLearnerCourses(ssr.database.db, { portalId: config.PORTAL_ID, userId, prefix: "ssrb", count: 500 });
    const page = await b.get("/en/profile/progress/all");
    expect(page.statusCode).toBe(200);
    expect(page.body.match(/data-testid="progress-course"/g)).toHaveLength(20);
    expect(Buffer.byteLength(page.body)).toBeLessThan(100_000);
    const profile = await b.get("/en/profile");
    expect(profile.body.match(/data-testid="progress-course"/g)).toHaveLength(3);
    // The summary counts every course (one aggregate), not only the page's.
    expect(profile.body).toContain("My progress (500 courses)");
  });

  it("let the owner, that learner's mentor and admins see an element record; everyone else gets 403", async () => {
    const owner = new Browser(ssr.app);
    const { userId } = await register(ssr.app, {}, owner);
    await finish(owner, "rf-slow-reading");
    const url = `/en/progress/${userId}/rf-slow-reading/${config.ENVIRONMENT_ID}`;

    const mine = await owner.get(url);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('data-state="done"');
    expect(mine.body).toContain("Finished");

    const stranger = await learner();
    expect((await stranger.get(url)).statusCode).toBe(403);
    expect((await guest().get(url)).statusCode).toBe(403);

    const mentor = new Browser(ssr.app);
    const { userId: mentorId } = await register(ssr.app, {}, mentor);
    await ssr.database.db
      .update(users)
      .set({ roles: ["disciple", "mentor"] })
      .where(eq(users.id, mentorId));
    expect((await mentor.get(url)).statusCode).toBe(403);
    await ssr.database.db.update(users).set({ mentorId }).where(eq(users.id, userId));
    expect((await mentor.get(url)).statusCode).toBe(200);

    const admin = new Browser(ssr.app);
    const { userId: adminId } = await register(ssr.app, {}, admin);
    await ssr.database.db
      .update(users)
      .set({ roles: ["admin"] })
      .where(eq(users.id, adminId));
    expect((await admin.get(url)).statusCode).toBe(200);

    expect((await owner.get(`/en/progress/${userId}/rf-slow-reading/other-env`)).statusCode).toBe(404);
  });
});
