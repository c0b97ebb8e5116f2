import type { PersonalTokens } from "../domain/personal-tokens";
import type { TPortalSettings } from "../domain/portal";
import type { Config } from "./config";
import type { PasswordResetMail } from "./modules/auth/reset-mail";
import type { EmailVerifyMail } from "./modules/auth/verify-mail";
import type { Auth } from "../domain/learning-access";
import type { AuthService } from "./modules/auth/service";
import type { IssuedTokens } from "./platform/auth/tokens";
import type { OidcProviders } from "./platform/auth/oidc";
import type { FacebookLogin } from "./platform/auth/facebook";
import type { OneTapVerifier } from "./platform/auth/one-tap";
import type { MessengersService } from "./modules/messengers/service";
import type { PagesService } from "./modules/pages/service";
import type { PoliciesService } from "./modules/policies/service";
import type { FormsService } from "./modules/forms/service";
import type { UsersService } from "./modules/users/service";
import type { CoursesService } from "./modules/courses/service";
import type { MicrocoursesService } from "./modules/microcourses/service";
import type { ProgressService } from "./modules/progress/service";
import type { AssessmentsService } from "./modules/assessments/service";
import type { VideoEventsService } from "./modules/video-events/service";
import type { SubscriptionsService } from "./modules/subscriptions/service";
import type { Mailer } from "./platform/mail";
import type { JobQueue } from "./platform/jobs/queue";
import type { PortalService } from "./modules/portal/service";
import type { LanguagePacks } from "./platform/language-packs";
import type { PublicOrigin } from "./platform/public-origin";
import type { Bus } from "./platform/bus";
import type { RateLimitStore } from "./platform/rate-limit";
import type { ContentVersion } from "./platform/content-version";
import type { SettingsService } from "./modules/settings/service";
import type { StudioService } from "./modules/studio/service";
import type { PeopleService } from "./modules/people/service";
import type { DashboardService } from "./modules/dashboard/service";
import type { LettersService } from "./modules/letters/service";
import type { MediaService } from "./modules/media/service";
import type { OrdersService } from "./modules/orders/service";
import type { ChatService } from "./modules/chat/service";
import type { DiscussionsService } from "./modules/discussions/service";
import type { NotificationsService } from "./modules/notifications/service";
import type { RewardsService } from "./modules/rewards/service";
import type { ResultsService } from "./modules/results/service";
import type { CertificatesService } from "./modules/certificates/service";

/** What SSR loaders and actions receive: the same services the API routes call, in process. */
export interface Services {
  /** Events between instances on one database (ids only): content versions, revocations, chat. */
  bus: Bus;
  /** Rate-limit counters shared by every instance on the database. */
  rateLimits: RateLimitStore;
  /** The content version every content cache is keyed by (platform/content-version.ts). */
  contentVersion: ContentVersion;
  /** Authoring of content (the creator studio): admins, mp-admin and mp-leader. */
  studio: StudioService;
  /** People in the back office (issue 16): search, roles, block, reset, delete, export; admins and mp-admin. */
  people: PeopleService;
  settings: SettingsService;
  /** The back office's dashboard (issue 16): admins and mp-admin. */
  dashboard: DashboardService;
  /** The back office's failed letters (docs/decisions/0073): admins and mp-admin. */
  failedLetters: LettersService;
  /** Media uploads and the library (issue 15): the studio's authors. */
  media: MediaService;
  /** Orders and payments: make, read, gateways, gifts (docs/decisions/0031). */
  orders: OrdersService;
  /** Mentor chat: profiles, the learner's chat, the mentors' inbox, the periodic jobs (docs/decisions/0033). */
  chat: ChatService;
  /** Discussions per course element: threads, posting, the mentors' moderation, the admins' switch (docs/decisions/0043). */
  discussions: DiscussionsService;
  notifications: NotificationsService;
  /** Awards and completion gifts (docs/decisions/0038). */
  rewards: RewardsService;
  /** Quiz and interaction results: grading, aggregates, identify (issue 13). */
  results: ResultsService;
  /** Certificates of finished courses: issue, verify, files, revoke (docs/decisions/0037). */
  certificates: CertificatesService;
  courses: CoursesService;
  progress: ProgressService;
  /** Tests that grade: attempts, answers, results (issue 13). */
  assessments: AssessmentsService;
  microcourses: MicrocoursesService;
  videoEvents: VideoEventsService;
  portal: PortalService;
  pages: PagesService;
  policies: PoliciesService;
  forms: FormsService;
  packs: LanguagePacks;
  users: UsersService;
  auth: AuthService;
  oidc: OidcProviders;
  facebook?: FacebookLogin;
  oneTap?: OneTapVerifier;
  messengers: MessengersService;
  /** The job queue in the database (docs/decisions/0070). */
  jobs: JobQueue;
  /** The mail server itself (or the outbox); `mailer` queues letters, this instance's letter worker sends through this. */
  mailTransport: Mailer;
  mailer: Mailer;
  resetMail: PasswordResetMail;
  verifyMail: EmailVerifyMail;
  subscriptions: SubscriptionsService;
  /** The origin of links we hand out for a request (platform/public-origin.ts). */
  publicOrigin: PublicOrigin;
}

export type MentoraLoadContext = {
  services: Services;
  config: Pick<Config, "NODE_ENV">;
  /** This site's origin for absolute links (canonical, og:url, widget callbacks): never the raw Host header. */
  origin: string;
  /** This response's Content-Security-Policy nonce (platform/security-headers.ts). */
  cspNonce: string;
  /** Portal settings, read at most once per request however many loaders ask. */
  settings: () => Promise<TPortalSettings>;
  /** Who is asking (resolved once per request, refreshing an expired access token). */
  auth: () => Promise<Auth>;
  /** Developer tools (the mail outbox) are switched on (DEV_TOOLS) and the request comes straight from this machine. */
  devTools: boolean;
  /** The client's address (behind a proxy, as TRUST_PROXY resolves it): keys per-client limits. */
  clientIp: string;
  /** Sets the session cookies on this response, exactly as the API's sign-in routes do. */
  setSessionCookies: (tokens: IssuedTokens) => void;
  /** Set when this render is a signed-in page's template (platform/page-templates.ts): the user to draw. */
  personal?: PersonalTokens;
};

declare module "react-router" {
  interface AppLoadContext extends MentoraLoadContext {}
}
