import type { TBlock, TBlockType } from "./page";

/**
 * The page designer's block catalogue (issue 15, seed 000 §1): sample blocks grouped by the seed's
 * categories, each a block type of ZBlock with sample props that pass its schema. The studio pack
 * names the categories (studio:catalogue.categories.{category}) and the entries
 * (studio:catalogue.entries.{key}.name / .description); the sample's own texts are content, in English,
 * which the creator replaces. A thumbnail is a few shapes on a 48×32 grid that the studio draws as SVG.
 */

export const CATALOGUE_CATEGORIES = [
  "tests",
  "course",
  "commonPage",
  "mainPage",
  "datasourcePage",
  "videoEvent",
  "dialog",
  "text",
  "dividerFact",
  "photo",
  "video",
  "quote",
  "person",
  "eventDate",
  "fact",
  "audio",
  "diagram",
  "scheme",
  "file",
  "beforeAfter",
  "action",
  "mentor",
  "embed",
  "photoTitle",
] as const;
export type TCatalogueCategory = (typeof CATALOGUE_CATEGORIES)[number];

/** One shape of a thumbnail: a rectangle (rounded to a pill or a circle) in one of the theme's tones. */
export interface ThumbShape {
  x: number;
  y: number;
  w: number;
  h: number;
  tone: "ink" | "muted" | "primary" | "accent";
  round?: boolean;
}

type PropsOf<T extends TBlockType> = Extract<TBlock, { type: T }>["props"];

export interface CatalogueEntry<T extends TBlockType = TBlockType> {
  /** Unique in the catalogue; names the entry in the studio pack. */
  key: string;
  category: TCatalogueCategory;
  type: T;
  /** Props that pass the type's schema: what a block added from this entry starts with, in every language. */
  sample: PropsOf<T>;
}

/** An entry of any block type (a union, so each entry's sample stays typed by its own type). */
export type AnyCatalogueEntry = { [T in TBlockType]: CatalogueEntry<T> }[TBlockType];

const line = (y: number, w: number, tone: ThumbShape["tone"] = "muted"): ThumbShape => ({ x: 4, y, w, h: 3, tone, round: true });
const title = (y = 4, w = 26): ThumbShape => ({ x: 4, y, w, h: 5, tone: "ink", round: true });
const box = (x: number, y: number, w: number, h: number, tone: ThumbShape["tone"] = "accent"): ThumbShape => ({ x, y, w, h, tone });
const dot = (x: number, y: number, d: number, tone: ThumbShape["tone"] = "primary"): ThumbShape => ({ x, y, w: d, h: d, tone, round: true });
const button = (y = 22, w = 18): ThumbShape => ({ x: 4, y, w, h: 6, tone: "primary", round: true });

/** A thumbnail per block type. */
export const THUMBNAILS: Record<TBlockType, readonly ThumbShape[]> = {
  text: [title(), line(12, 40), line(17, 36), line(22, 40), line(27, 24)],
  fact: [{ x: 4, y: 4, w: 22, h: 10, tone: "primary", round: true }, line(18, 36), line(23, 28)],
  photo: [box(4, 3, 40, 22), line(27, 24)],
  quote: [{ x: 4, y: 4, w: 3, h: 20, tone: "primary" }, line(6, 32, "ink"), line(12, 34, "ink"), line(18, 24, "ink"), line(26, 16)],
  faq: [title(), line(12, 40, "ink"), line(18, 40, "ink"), line(24, 40, "ink")],
  embed: [box(4, 3, 40, 22, "ink"), { x: 20, y: 9, w: 8, h: 10, tone: "primary" }, line(27, 20)],
  form: [title(), box(4, 11, 40, 5, "muted"), box(4, 18, 40, 5, "muted"), button(25, 14)],
  course: [box(4, 3, 40, 14), title(20, 30), line(27, 18)],
  "courses-popup": [title(), box(4, 11, 12, 12), box(18, 11, 12, 12), box(32, 11, 12, 12), button(25, 16)],
  tests: [title(), dot(4, 12, 4, "muted"), line(12.5, 30), dot(4, 18, 4, "primary"), line(18.5, 26), dot(4, 24, 4, "muted"), line(24.5, 28)],
  video: [box(4, 3, 40, 24, "ink"), { x: 20, y: 10, w: 8, h: 10, tone: "primary", round: true }],
  audio: [title(), dot(4, 14, 8), line(16, 30, "ink"), line(26, 24)],
  gallery: [box(4, 4, 19, 12), box(25, 4, 19, 12), box(4, 18, 19, 11), box(25, 18, 19, 11)],
  file: [{ x: 4, y: 5, w: 12, h: 16, tone: "primary" }, line(8, 24, "ink"), line(14, 18), button(24, 14)],
  "before-after": [box(4, 3, 20, 26, "muted"), box(24, 3, 20, 26), { x: 23, y: 3, w: 2, h: 26, tone: "primary" }],
  diagram: [box(6, 18, 6, 10, "primary"), box(15, 10, 6, 18, "primary"), box(24, 14, 6, 14, "primary"), box(33, 6, 6, 22, "primary")],
  scheme: [dot(4, 12, 8), box(12, 15, 6, 2, "muted"), dot(18, 12, 8), box(26, 15, 6, 2, "muted"), dot(32, 12, 8)],
  person: [dot(4, 6, 16, "accent"), { ...line(9, 20, "ink"), x: 24 }, { ...line(15, 16), x: 24 }, { ...line(20, 18), x: 24 }],
  reviews: [line(5, 20, "primary"), line(11, 40, "ink"), line(16, 36, "ink"), line(24, 16)],
  statistics: [
    { x: 4, y: 6, w: 12, h: 8, tone: "primary", round: true },
    { x: 18, y: 6, w: 12, h: 8, tone: "primary", round: true },
    { x: 32, y: 6, w: 12, h: 8, tone: "primary", round: true },
    line(18, 12),
    { ...line(18, 12), x: 18 },
    { ...line(18, 12), x: 32 },
  ],
  partners: [title(), box(4, 14, 11, 8, "muted"), box(18, 14, 11, 8, "muted"), box(32, 14, 11, 8, "muted")],
  "event-date": [{ x: 4, y: 4, w: 14, h: 16, tone: "primary" }, { ...line(6, 22, "ink"), x: 22 }, { ...line(12, 18), x: 22 }, line(25, 30)],
  action: [title(5, 30), line(13, 36), button(21, 20)],
  subscribe: [title(), box(4, 13, 26, 6, "muted"), { x: 32, y: 13, w: 12, h: 6, tone: "primary", round: true }],
  donations: [title(), { ...button(13, 10), tone: "accent" }, { ...button(13, 10), x: 16 }, { ...button(13, 10), x: 28, tone: "accent" }, button(23, 22)],
  "app-promo": [title(), line(11, 30), box(4, 19, 14, 8, "ink"), box(20, 19, 14, 8, "ink")],
};

const entry = <T extends TBlockType>(key: string, category: TCatalogueCategory, type: T, sample: PropsOf<T>): CatalogueEntry<T> => ({
  key,
  category,
  type,
  sample,
});

const IMAGE = "/demo/blocks/gallery-sunrise.svg";

export const BLOCK_CATALOGUE: readonly AnyCatalogueEntry[] = [
  entry("tests", "tests", "tests", {
    question: "Which planet is closest to the Sun?",
    variants: [
      { id: "a", text: "Mercury" },
      { id: "b", text: "Venus" },
      { id: "c", text: "Mars" },
    ],
    correct: ["a"],
    explanation: "Mercury orbits nearest to the Sun.",
  }),
  entry("tests-poll", "tests", "tests", {
    question: "How do you like to learn?",
    multiple: true,
    variants: [
      { id: "read", text: "Reading" },
      { id: "watch", text: "Watching videos" },
      { id: "do", text: "Practising" },
    ],
  }),
  entry("course", "course", "course", {
    id: "reading-foundations",
    title: "Foundations of Reading",
    description: "A short course to start with.",
    duration: 90,
  }),
  entry("faq", "commonPage", "faq", { title: "Questions and answers", items: [{ question: "How do I start?", answer: "Open a course and press Start." }] }),
  entry("reviews", "commonPage", "reviews", {
    title: "What learners say",
    items: [{ author: "Ayşe", text: "Clear lessons and kind mentors.", rating: 5, date: "2026-01-15" }],
  }),
  entry("statistics", "mainPage", "statistics", {
    title: "In numbers",
    items: [
      { value: 1200, label: "Learners", suffix: "+" },
      { value: 35, label: "Courses" },
    ],
  }),
  entry("partners", "mainPage", "partners", { title: "Partners", items: [{ name: "Partner", logo: IMAGE, url: "https://example.com" }] }),
  entry("app-promo", "mainPage", "app-promo", {
    title: "Learn on your phone",
    text: "Get the app.",
    stores: [{ store: "google-play", url: "https://play.google.com" }],
  }),
  entry("courses-popup", "datasourcePage", "courses-popup", {
    title: "Our courses",
    openLabel: "See all courses",
    courses: [{ id: "reading-foundations", title: "Foundations of Reading" }],
  }),
  entry("video-event-date", "videoEvent", "event-date", { title: "Live session", date: "2026-12-01", text: "Join the mentors live.", place: "Online" }),
  entry("form", "dialog", "form", { display: "popup", openText: "Write to us" }),
  entry("subscribe", "dialog", "subscribe", { title: "Stay in touch", text: "News once a month." }),
  entry("text", "text", "text", { title: "A heading", html: "<p>Write your text here.</p>" }),
  entry("fact-divider", "dividerFact", "fact", { variant: "divider" }),
  entry("photo", "photo", "photo", { src: IMAGE, alt: "A landscape" }),
  entry("gallery", "photo", "gallery", {
    title: "Gallery",
    images: [
      { src: IMAGE, alt: "First picture" },
      { src: IMAGE, alt: "Second picture" },
    ],
  }),
  entry("video", "video", "video", { title: "Introduction", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }),
  entry("quote", "quote", "quote", { text: "Learning never exhausts the mind.", author: "Leonardo da Vinci" }),
  entry("person", "person", "person", { name: "Name Surname", role: "Author", bio: "A few words about this person." }),
  entry("event-date", "eventDate", "event-date", { title: "Course starts", date: "2026-09-01" }),
  entry("fact", "fact", "fact", { variant: "fact", value: "95%", text: "of learners finish the course" }),
  entry("audio", "audio", "audio", { title: "Listen", src: "/demo/blocks/breathing-bells.webm" }),
  entry("diagram", "diagram", "diagram", {
    title: "Time spent",
    kind: "bar",
    unit: "h",
    labelHeader: "Topic",
    valueHeader: "Hours",
    data: [
      { label: "Reading", value: 4 },
      { label: "Practice", value: 6 },
    ],
  }),
  entry("scheme", "scheme", "scheme", { title: "How it works", steps: [{ title: "Sign up" }, { title: "Learn" }, { title: "Get a certificate" }] }),
  entry("file", "file", "file", { name: "study-plan.txt", url: "/demo/blocks/study-plan-en.txt", size: 749 }),
  entry("before-after", "beforeAfter", "before-after", {
    before: { src: IMAGE, alt: "Before", label: "Before" },
    after: { src: IMAGE, alt: "After", label: "After" },
  }),
  entry("action", "action", "action", { title: "Ready to start?", button: { label: "Choose a course", href: "/courses" } }),
  entry("donations", "action", "donations", { title: "Support us", url: "https://example.com/donate", currency: "USD", presets: [5, 10, 25] }),
  entry("person-mentor", "mentor", "person", { name: "Mentor name", role: "Mentor", bio: "Answers your questions in the chat." }),
  entry("embed", "embed", "embed", { title: "Embedded content", url: "https://example.com/embed" }),
  entry("photo-title", "photoTitle", "photo", { src: IMAGE, alt: "A landscape", caption: "A caption under the picture" }),
];

/** The catalogue's entries of one category, in catalogue order. */
export const catalogueOf = (category: TCatalogueCategory) => BLOCK_CATALOGUE.filter((e) => e.category === category);

export const catalogueEntry = (key: string) => BLOCK_CATALOGUE.find((e) => e.key === key);
