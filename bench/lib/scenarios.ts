import { BENCH_COURSE, type SignedInLearner } from "./learner";

/**
 * What the bench loads, in one place: paths, the headers a browser sends for a page, and the scenarios
 * measured on each Mentora server.
 */

/**
 * Sent with every SSR page request (load scenarios, overload, soak): what a browser sends for a page,
 * reduced to what can change the answer. With these a server that compresses HTML does so, as it would
 * for a visitor. Recorded with each run.
 */
export const BROWSER_PAGE_HEADERS: Record<string, string> = { accept: "text/html", "accept-encoding": "br, gzip" };

export const PATHS = {
  settings: "/api/portal/settings",
  mainTr: "/tr/",
  mainEn: "/en/",
  catalogueEn: "/en/courses/",
  courseEn: `/en/courses/${BENCH_COURSE}`,
  /** The signed-in course page keeps the Turkish path of earlier runs, so its history compares. */
  courseTr: `/tr/courses/${BENCH_COURSE}`,
  /** The bench course's first lesson: public, so a visitor without an account opens it. */
  lessonEn: `/en/courses/${BENCH_COURSE}/lesson/rf-slow-reading`,
  lessonTr: `/tr/courses/${BENCH_COURSE}/lesson/rf-slow-reading`,
  elements: `/api/courses/${BENCH_COURSE}/elements?lang=tr`,
  health: "/api/health",
} as const;

/** The two baselines every other figure is divided by. */
export type BaselineId = "hello" | "trivial";
export const BASELINE_LABELS: Record<BaselineId, string> = {
  hello: "baseline: bare Fastify hello",
  trivial: "baseline: trivial React Router page",
};

export type ScenarioId =
  "settings" | "ssr-main-tr" | "ssr-main-en" | "ssr-course-en" | "elements" | "ssr-course-signed-in" | "ssr-lesson-signed-in" | "ssr-home-signed-in";

/** The pages a returning learner loads, each measured against the trivial React Router page (issue 31). */
export const SIGNED_IN_PAGES = [
  { id: "ssr-course-signed-in", label: "course page", path: PATHS.courseTr },
  { id: "ssr-lesson-signed-in", label: "lesson page", path: PATHS.lessonTr },
  { id: "ssr-home-signed-in", label: "home page", path: PATHS.mainTr },
] as const satisfies readonly { id: ScenarioId; label: string; path: string }[];

export interface MentoraScenario {
  id: ScenarioId;
  label: string;
  /** The baseline its ratios are taken against. */
  baseline: BaselineId;
  /** Whether it needs a signed-in learner (then `headers` receives one). */
  signedIn: boolean;
  path: string;
  headers(learner?: SignedInLearner): Record<string, string>;
}

/** What each Mentora server is measured on, in this order. Rows read "<label> · <database>". */
export const MENTORA_SCENARIOS: MentoraScenario[] = [
  { id: "settings", label: `settings API ${PATHS.settings}`, baseline: "hello", signedIn: false, path: PATHS.settings, headers: () => ({}) },
  { id: "ssr-main-tr", label: `SSR ${PATHS.mainTr}`, baseline: "hello", signedIn: false, path: PATHS.mainTr, headers: () => BROWSER_PAGE_HEADERS },
  { id: "ssr-main-en", label: `SSR ${PATHS.mainEn}`, baseline: "hello", signedIn: false, path: PATHS.mainEn, headers: () => BROWSER_PAGE_HEADERS },
  {
    id: "ssr-course-en",
    label: `SSR ${PATHS.courseEn}`,
    baseline: "hello",
    signedIn: false,
    path: PATHS.courseEn,
    headers: () => BROWSER_PAGE_HEADERS,
  },
  {
    id: "elements",
    label: `elements API ${PATHS.elements} · signed-in learner`,
    baseline: "hello",
    signedIn: true,
    path: PATHS.elements,
    headers: (learner) => learner!.headers,
  },
  // The pages as a returning learner loads them: the session and language cookies, real progress.
  ...SIGNED_IN_PAGES.map((page): MentoraScenario => ({
    id: page.id,
    label: `SSR ${page.path} · signed-in learner`,
    baseline: "trivial",
    signedIn: true,
    path: page.path,
    headers: (learner) => ({ ...BROWSER_PAGE_HEADERS, cookie: `lang=tr; ${learner!.cookie}` }),
  })),
];

/** Pages whose JS weight is measured (in Chromium) and which Lighthouse scores, all as a visitor without an account. */
export const WEIGHED_PAGES = [
  { id: "lesson", label: "lesson page", path: PATHS.lessonEn },
  { id: "course", label: "course page", path: PATHS.courseEn },
] as const;
export const LIGHTHOUSE_PAGES = [PATHS.mainEn, PATHS.catalogueEn, PATHS.courseEn, PATHS.lessonEn] as const;
/** Scored as a returning learner (issue 31): the session and language cookies. */
export const SIGNED_IN_LIGHTHOUSE_PAGES = [PATHS.courseTr, PATHS.lessonTr] as const;
