import { type BlockLoaders, createBlockRegistry } from "./block-registry";

/**
 * The block registry: one component per block type, each fetched when a page first shows that type
 * (docs/decisions/0020-lean-client.md). Later capabilities register theirs here; root.tsx provides it.
 */
const LOADERS: BlockLoaders = {
  text: () => import("./text-block").then((m) => m.TextBlock),
  fact: () => import("./fact-block").then((m) => m.FactBlock),
  photo: () => import("./photo-block").then((m) => m.PhotoBlock),
  quote: () => import("./quote-block").then((m) => m.QuoteBlock),
  faq: () => import("./faq-block").then((m) => m.FaqBlock),
  embed: () => import("./embed-block").then((m) => m.EmbedBlock),
  form: () => import("../forms/form-block").then((m) => m.FormBlock),
  course: () => import("./course-block").then((m) => m.CourseBlock),
  "courses-popup": () => import("./courses-popup-block").then((m) => m.CoursesPopupBlock),
  tests: () => import("./tests-block").then((m) => m.TestsBlock),
  video: () => import("./video-block").then((m) => m.VideoBlock),
  audio: () => import("./audio-block").then((m) => m.AudioBlock),
  gallery: () => import("./gallery-block").then((m) => m.GalleryBlock),
  file: () => import("./file-block").then((m) => m.FileBlock),
  "before-after": () => import("./before-after-block").then((m) => m.BeforeAfterBlock),
  diagram: () => import("./diagram-block").then((m) => m.DiagramBlock),
  scheme: () => import("./scheme-block").then((m) => m.SchemeBlock),
  person: () => import("./person-block").then((m) => m.PersonBlock),
  reviews: () => import("./reviews-block").then((m) => m.ReviewsBlock),
  statistics: () => import("./statistics-block").then((m) => m.StatisticsBlock),
  partners: () => import("./partners-block").then((m) => m.PartnersBlock),
  "event-date": () => import("./event-date-block").then((m) => m.EventDateBlock),
  action: () => import("./action-block").then((m) => m.ActionBlock),
  subscribe: () => import("./subscribe-block").then((m) => m.SubscribeBlock),
  donations: () => import("./donations-block").then((m) => m.DonationsBlock),
  "app-promo": () => import("./app-promo-block").then((m) => m.AppPromoBlock),
};

/** Packs these block types need beyond the blocks' own (i18n/page-packs.ts BLOCK_PACKS). */
const EXTRA_PACKS = { form: ["auth", "errors"], subscribe: ["auth", "errors"] } as const;

export const BLOCKS = createBlockRegistry(LOADERS, EXTRA_PACKS);
