import { EmbedBlock } from "./embed-block";
import { FactBlock } from "./fact-block";
import { FaqBlock } from "./faq-block";
import { PhotoBlock } from "./photo-block";
import { QuoteBlock } from "./quote-block";
import { TextBlock } from "./text-block";
import { FormBlock } from "../forms/form-block";
import { ActionBlock } from "./action-block";
import { AppPromoBlock } from "./app-promo-block";
import { AudioBlock } from "./audio-block";
import { BeforeAfterBlock } from "./before-after-block";
import { CourseBlock } from "./course-block";
import { CoursesPopupBlock } from "./courses-popup-block";
import { DiagramBlock } from "./diagram-block";
import { DonationsBlock } from "./donations-block";
import { EventDateBlock } from "./event-date-block";
import { FileBlock } from "./file-block";
import { GalleryBlock } from "./gallery-block";
import { PartnersBlock } from "./partners-block";
import { PersonBlock } from "./person-block";
import { ReviewsBlock } from "./reviews-block";
import { SchemeBlock } from "./scheme-block";
import { StatisticsBlock } from "./statistics-block";
import { SubscribeBlock } from "./subscribe-block";
import { TestsBlock } from "./tests-block";
import { VideoBlock } from "./video-block";
import type { BlockRegistry } from "./block-registry";

/** The block registry: one component per block type. Later capabilities register theirs here; root.tsx provides it. */
export const BLOCKS: BlockRegistry = {
  text: TextBlock,
  fact: FactBlock,
  photo: PhotoBlock,
  quote: QuoteBlock,
  faq: FaqBlock,
  embed: EmbedBlock,
  form: FormBlock,
  course: CourseBlock,
  "courses-popup": CoursesPopupBlock,
  tests: TestsBlock,
  video: VideoBlock,
  audio: AudioBlock,
  gallery: GalleryBlock,
  file: FileBlock,
  "before-after": BeforeAfterBlock,
  diagram: DiagramBlock,
  scheme: SchemeBlock,
  person: PersonBlock,
  reviews: ReviewsBlock,
  statistics: StatisticsBlock,
  partners: PartnersBlock,
  "event-date": EventDateBlock,
  action: ActionBlock,
  subscribe: SubscribeBlock,
  donations: DonationsBlock,
  "app-promo": AppPromoBlock,
};
