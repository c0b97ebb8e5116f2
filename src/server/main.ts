import path from "node:path";
import { pathToFileURL } from "node:url";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { DestinationStream } from "pino";
import fastifyCookie from "@fastify/cookie";
import fastifyWebsocket from "@fastify/websocket";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { arrivalFromCookies } from "../domain/arrival";
import { AppError } from "../domain/errors";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { ServerBuild } from "react-router";
import type { MentoraLoadContext, Services } from "./load-context";
import { installPageTemplates } from "./platform/page-templates";
import { createAuthRepo } from "./modules/auth/repo";
import { createPasswordResetMail } from "./modules/auth/reset-mail";
import { createEmailVerifyMail } from "./modules/auth/verify-mail";
import { authRoutes } from "./modules/auth/routes";
import { socialRoutes } from "./modules/auth/social-routes";
import { oneTapRoutes } from "./modules/auth/one-tap-routes";
import { messengerApiRoutes, messengerConnectRoutes } from "./modules/messengers/routes";
import { createMessengersRepo } from "./modules/messengers/repo";
import { createMessengersService } from "./modules/messengers/service";
import { createFacebookLogin } from "./platform/auth/facebook";
import { createOneTapVerifier } from "./platform/auth/one-tap";
import { createOidcProviders } from "./platform/auth/oidc";
import { createAuthService } from "./modules/auth/service";
import { createUsersRepo } from "./modules/users/repo";
import { usersRoutes } from "./modules/users/routes";
import { createSubscriptionsRepo } from "./modules/subscriptions/repo";
import { subscriptionsRoutes } from "./modules/subscriptions/routes";
import { createSubscriptionsService } from "./modules/subscriptions/service";
import { createUsersService } from "./modules/users/service";
import { createCoursesRepo } from "./modules/courses/repo";
import { coursesRoutes } from "./modules/courses/routes";
import { createContentAccess, createCoursesService } from "./modules/courses/service";
import { createMicrocoursesRepo } from "./modules/microcourses/repo";
import { microcoursesRoutes } from "./modules/microcourses/routes";
import { createMicrocoursesService } from "./modules/microcourses/service";
import { createProgressRepo } from "./modules/progress/repo";
import { createAssessmentsRepo } from "./modules/assessments/repo";
import { assessmentsRoutes } from "./modules/assessments/routes";
import { createAssessmentsService } from "./modules/assessments/service";
import { progressRoutes } from "./modules/progress/routes";
import { createProgressService, createViewerProgress } from "./modules/progress/service";
import { createRewardLetters } from "./modules/rewards/letters";
import { createRewardsRepo } from "./modules/rewards/repo";
import { rewardsRoutes } from "./modules/rewards/routes";
import { createRewardsService } from "./modules/rewards/service";
import { createVideoEventsRepo } from "./modules/video-events/repo";
import { videoEventsRoutes } from "./modules/video-events/routes";
import { createVideoEventsService } from "./modules/video-events/service";
import { installRequestAuth, setAuthCookies } from "./platform/auth/request-auth";
import { loadSigningSecret } from "./platform/auth/secret";
import { createAccessTokens } from "./platform/auth/tokens";
import { createJobQueue } from "./platform/jobs/queue";
import { queuedMailer, workLetters } from "./platform/letter-queue";
import { countedMailer, createMailer } from "./platform/mail";
import { isLoopbackIp } from "./platform/loopback";
import { createRateLimitStore, installRateLimit } from "./platform/rate-limit";
import { languagePackRoutes } from "./modules/i18n/routes";
import { createPagesRepo } from "./modules/pages/repo";
import { pagesRoutes } from "./modules/pages/routes";
import { createPoliciesService } from "./modules/policies/service";
import { policiesRoutes } from "./modules/policies/routes";
import { createFormsRepo } from "./modules/forms/repo";
import { formsRoutes } from "./modules/forms/routes";
import { createFormsService } from "./modules/forms/service";
import { createPageBlocks, createPagesService } from "./modules/pages/service";
import { createPortalRepo } from "./modules/portal/repo";
import { portalRoutes } from "./modules/portal/routes";
import { createPortalService } from "./modules/portal/service";
import { createBus } from "./platform/bus";
import { createContentVersion } from "./platform/content-version";
import { installPageCache } from "./platform/page-cache";
import { installPublicReplies } from "./platform/public-replies";
import { createVersionedCache } from "./platform/versioned-cache";
import { createOrderLetters } from "./modules/orders/letters";
import { createOrdersRepo } from "./modules/orders/repo";
import { ordersAdminRoutes } from "./modules/orders/admin-routes";
import { lettersAdminRoutes } from "./modules/letters/admin-routes";
import { createLettersService } from "./modules/letters/service";
import { paymentRoutes } from "./modules/orders/payment-routes";
import { ordersRoutes } from "./modules/orders/routes";
import { createOrdersService } from "./modules/orders/service";
import { createGateways } from "./platform/payments/gateways";
import { createStudioRepo } from "./modules/studio/repo";
import { studioRoutes } from "./modules/studio/routes";
import { studioPagesRoutes } from "./modules/studio/pages-routes";
import { createStudioService } from "./modules/studio/service";
import { peopleRoutes } from "./modules/people/routes";
import { createPeopleService } from "./modules/people/service";
import { createSettingsRepo } from "./modules/settings/repo";
import { settingsRoutes } from "./modules/settings/routes";
import { createSettingsService } from "./modules/settings/service";
import { createDashboardRepo } from "./modules/dashboard/repo";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { createDashboardService } from "./modules/dashboard/service";
import { createMediaRepo } from "./modules/media/repo";
import { mediaAdminRoutes, mediaPublicRoutes } from "./modules/media/routes";
import { createMediaService } from "./modules/media/service";
import { createMediaStorage } from "./modules/media/storage/create";
import { installErrorHandler } from "./platform/errors";
import { createLanguagePacks } from "./platform/language-packs";
import { openApiOptions } from "./platform/openapi";
import { originGuard } from "./platform/origin-guard";
import { createPublicOrigin } from "./platform/public-origin";
import { installSecurityHeaders } from "./platform/security-headers";
import { createReplySerializerCompiler } from "./platform/reply-serializer";
import { installCompression } from "./platform/compression";
import { healthRoutes } from "./platform/health";
import { installMissingAssetRoute, staticFileOptions } from "./platform/static-files";
import { installOverload, type AdmissionGate, type PressureSignal } from "./platform/overload";
import { installInputGuard, inputGuardServerOptions } from "./platform/input-guard";
import { loggerOptions } from "./platform/log-redaction";
import { createMetrics, installHttpMetrics, type Metrics } from "./platform/metrics";
import { installRequestId, requestIdServerOptions } from "./platform/request-id";
import { requestLogServerOptions } from "./platform/request-log";
import { createRealtimeHub } from "./platform/realtime";
import { createWindowCounter } from "./platform/rate-limit";
import { createChatLetters } from "./modules/chat/letters";
import { chatAdminRoutes } from "./modules/chat/admin-routes";
import { mentorChatRoutes } from "./modules/chat/mentor-routes";
import { createChatRepo } from "./modules/chat/repo";
import { chatRoutes } from "./modules/chat/routes";
import { createChatService } from "./modules/chat/service";
import { createDiscussionsRepo } from "./modules/discussions/repo";
import { mentorDiscussionsRoutes } from "./modules/discussions/mentor-routes";
import { discussionsRoutes } from "./modules/discussions/routes";
import { createDiscussionLetters } from "./modules/discussions/digest-letters";
import { discussionFollowRoutes } from "./modules/discussions/follow-routes";
import { createDiscussionsService } from "./modules/discussions/service";
import { createNotificationsRepo } from "./modules/notifications/repo";
import { notificationsRoutes } from "./modules/notifications/routes";
import { createNotificationsService } from "./modules/notifications/service";
import { createResultsRepo } from "./modules/results/repo";
import { resultsRoutes } from "./modules/results/routes";
import { createResultsService } from "./modules/results/service";
import { guestSessionOf } from "./platform/guest-session";
import { createCertificatesRepo } from "./modules/certificates/repo";
import { certificatesRoutes } from "./modules/certificates/routes";
import { createCertificatesService } from "./modules/certificates/service";
import { localized } from "../domain/localized";

export const ROOT_DIR = process.cwd();
/** Answered from memory per content version (platform/public-replies.ts): the same for every client. */
const PUBLIC_REPLY_PATHS = ["/api/portal/settings"];

/**
 * The developer tools page lists secrets (reset and sign-in links): only when DEV_TOOLS is on, and
 * then only for a direct connection from this machine. The socket's address, not req.ip, and no
 * forwarding header: behind a reverse proxy on this host every request would look local.
 */
function devToolsFor(config: Config, req: FastifyRequest): boolean {
  if (!config.DEV_TOOLS) return false;
  const forwarded = ["x-forwarded-for", "forwarded", "x-real-ip"].some((h) => req.headers[h] !== undefined);
  return !forwarded && isLoopbackIp(req.socket.remoteAddress ?? "");
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Serve the React Router app (needs `npm run build` unless config.MENTORA_DEV). */
  ssr?: boolean;
  /** false: no logs; `{ stream }`: JSON lines to that stream (tests read them). */
  logger?: boolean | { stream: DestinationStream };
  /** Replaces the event-loop pressure signal of the overload guard (tests drive it). */
  pressure?: PressureSignal;
  /** Replaces the overload guard's admission gate (tests hold its places). */
  overloadGate?: AdmissionGate;
}

export async function createServices(config: Config, database: Database, opts: { metrics?: Metrics } = {}): Promise<Services> {
  const bus = await createBus(database.notifications, {
    onBadMessage: (payload) => console.warn(`mentora: ignored a malformed bus message (${payload.length} bytes)`),
  });
  // Content reads come from caches keyed by the content version (docs/decisions/0027).
  const contentVersion = await createContentVersion(database.db, bus);
  const cache = (maxEntries: number) => createVersionedCache(contentVersion, { maxEntries });
  const serverProviders = {
    google: !!(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    facebook: !!(config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET),
    googleClientId: config.GOOGLE_CLIENT_ID,
    telegram: !!config.TELEGRAM_BOT_TOKEN,
    messengerWebhook: !!config.MESSENGER_WEBHOOK_SECRET,
  };
  const portal = createPortalService({
    repo: createPortalRepo(database.db),
    portalId: config.PORTAL_ID,
    environmentId: config.ENVIRONMENT_ID,
    cache: cache(8),
    configuredProviders: serverProviders,
  });
  const portalLangs = () => portal.getI18n();
  const pageDeps = { repo: createPagesRepo(database.db), environmentId: config.ENVIRONMENT_ID, portalLangs, cache: cache(2_000) };
  const forms = createFormsService({ repo: createFormsRepo(database.db), environmentId: config.ENVIRONMENT_ID, portalLangs });
  const packs = createLanguagePacks({ dir: path.join(ROOT_DIR, "locales"), cache: !config.MENTORA_DEV });
  const rateLimits = createRateLimitStore(database.db);
  const users = createUsersService({ repo: createUsersRepo(database.db), portalId: config.PORTAL_ID, environmentId: config.ENVIRONMENT_ID, bus });
  const secret = await loadSigningSecret(database.db, config.AUTH_SECRET);
  const auth = createAuthService({ repo: createAuthRepo(database.db), users, tokens: createAccessTokens(secret, `mentora:${config.PORTAL_ID}`), bus });
  await auth.start();
  const oidc = createOidcProviders(
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? [{ id: "google", issuer: config.GOOGLE_ISSUER, clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET }]
      : [],
  );
  const facebook =
    config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET
      ? createFacebookLogin({
          appId: config.FACEBOOK_APP_ID,
          appSecret: config.FACEBOOK_APP_SECRET,
          graphUrl: config.FACEBOOK_GRAPH_URL,
          dialogUrl: config.FACEBOOK_DIALOG_URL,
        })
      : undefined;
  const oneTap = config.GOOGLE_CLIENT_ID ? createOneTapVerifier({ clientId: config.GOOGLE_CLIENT_ID, jwksUrl: config.GOOGLE_JWKS_URL }) : undefined;
  const messengers = createMessengersService({ repo: createMessengersRepo(database.db), auth, settings: () => portal.getSettings() });
  // The job queue in the app's database (docs/decisions/0070): letters over SMTP and the periodic rounds.
  const jobs = createJobQueue(database, {
    pollMs: config.JOB_POLL_MS,
    log: {
      info: (obj, msg) => console.info(`mentora: ${msg}`, obj),
      warn: (obj, msg) => console.warn(`mentora: ${msg}`, obj),
      error: (obj, msg) => console.error(`mentora: ${msg}`, obj),
    },
  });
  const metrics = opts.metrics;
  const plainTransport = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db });
  // An outbox letter is written at once and counted here; an SMTP letter is counted by the letter
  // worker once it is sent or has used up its tries, never once per try (buildApp).
  const mailTransport = metrics && plainTransport.kind !== "smtp" ? countedMailer(plainTransport, (outcome) => metrics.letter(outcome)) : plainTransport;
  const mailer = queuedMailer(
    mailTransport,
    jobs,
    { limit: config.LETTER_RETRY_LIMIT, delaySeconds: config.LETTER_RETRY_DELAY_SECONDS },
    config.ENVIRONMENT_ID,
  );
  metrics?.jobs.depthFrom(async () => Object.fromEntries(Object.entries(await jobs.counts()).map(([queue, c]) => [queue, c.queued])));
  const publicOrigin = createPublicOrigin(config);
  const resetMail = createPasswordResetMail({ mailer, packs, publicOrigin, portalLangs });
  const verifyMail = createEmailVerifyMail({ mailer, packs, publicOrigin, portalLangs });
  const subscriptions = createSubscriptionsService({ repo: createSubscriptionsRepo(database.db), environmentId: config.ENVIRONMENT_ID, portalLangs });

  // Learning content. Content reads need the viewer's own progress and page blocks, never the whole
  // pages service: so pages (which ask the content rule of the model a page is bound to) come last.
  const progressRepo = createProgressRepo(database.db, { bus });
  const courses = createCoursesService({
    repo: createCoursesRepo(database.db),
    pageBlocks: createPageBlocks(pageDeps),
    viewerProgress: createViewerProgress({ repo: progressRepo }),
    teamOf: users.teamOf,
    portalId: config.PORTAL_ID,
    portalLangs,
    cache: cache(2_000),
    rateLimitWindowMs: config.RATE_LIMIT_WINDOW_MS,
    rateLimits,
  });
  // Tests that grade (issue 13): finishing a test element asks them for a passed attempt.
  const notifications = createNotificationsService({ repo: createNotificationsRepo(database.db), bus });
  const assessments = createAssessmentsService({
    repo: createAssessmentsRepo(database.db),
    courses,
    viewerProgress: createViewerProgress({ repo: progressRepo }),
    portalId: config.PORTAL_ID,
    notifications,
    bus,
    packs,
    // A test graded with full marks grants its awards (docs/decisions/0038); called only after start-up.
    onFullMarks: (userId, courseId, elementId) => rewards.testFullMarks(userId, courseId, elementId),
  });
  auth.onGuestAttached((userId, email) => assessments.guestAttached(userId, email));
  // An address verified without a new sign-in (a profile change, an anonymous account adding one): the
  // account's test results get it, and the guest sessions' quiz and interaction results join the account,
  // as at a sign-in (seed 000 §7 identify). A failure is logged: the address stays verified.
  auth.onEmailAdded(async (userId, email, guestSessions) => {
    try {
      await assessments.guestAttached(userId, email);
      for (const session of guestSessions) await results.attachGuestSession(userId, session);
    } catch (err) {
      console.warn("mentora: guest results not attached after an e-mail was verified", { err, userId });
    }
  });
  const progress = createProgressService({
    repo: progressRepo,
    courses,
    users,
    portalId: config.PORTAL_ID,
    finishGate: (learnerId, element) => assessments.assertMayFinish(learnerId, element),
    // A finish that completes a course issues its certificate (docs/decisions/0037) and grants its awards
    // (0038); called only after start-up, when both services below exist.
    onCourseFinished: async (viewer, courseId) => {
      await certificates.courseFinished(viewer, courseId);
      return rewards.courseFinished(viewer.id, courseId);
    },
  });
  const rewardLetters = createRewardLetters({ mailer, packs }, () => publicOrigin({ protocol: "http", host: "" }));
  const rewards = createRewardsService({
    repo: createRewardsRepo(database.db),
    courses,
    progress,
    users,
    sendGiftLetter: async (to, gift, lang) => {
      if (to.email) await rewardLetters.gift(to.email, to.fullName || to.email, gift, lang);
    },
    portalId: config.PORTAL_ID,
    log: { warn: (obj, msg) => console.warn(`mentora: ${msg}`, obj) },
  });
  const certificates = createCertificatesService({
    repo: createCertificatesRepo(database.db),
    courses,
    users,
    finished: (userId, courseId) => progress.hasFinished(userId, courseId),
    packs,
    portalLangs,
    issuerName: async (lang) => {
      const { portal: p } = await portal.getSettings();
      return localized(p.title, lang, p.i18n.primaryLang) || "Mentora";
    },
    configuredKey: config.CERTIFICATE_SIGNING_KEY,
  });
  const microcourses = createMicrocoursesService({ repo: createMicrocoursesRepo(database.db), courses, users, portalId: config.PORTAL_ID, cache: cache(500) });
  const videoEvents = createVideoEventsService({ repo: createVideoEventsRepo(database.db), courses, portalId: config.PORTAL_ID, cache: cache(500) });
  const pages = createPagesService({ ...pageDeps, modelAccess: createContentAccess({ courses, microcourses, videoEvents }) });
  const policies = createPoliciesService({ pages });
  const settings = createSettingsService({
    repo: createSettingsRepo(database.db),
    portalId: config.PORTAL_ID,
    environmentId: config.ENVIRONMENT_ID,
    packs,
    serverProviders,
  });
  const studio = createStudioService({ repo: createStudioRepo(database.db), portalId: config.PORTAL_ID, environmentId: config.ENVIRONMENT_ID, portalLangs });
  // Media uploads and the library (docs/decisions/0051): a local directory or an S3-compatible bucket.
  const media = createMediaService({ repo: createMediaRepo(database.db), storage: createMediaStorage(config), portalId: config.PORTAL_ID });
  // Orders and payments (docs/decisions/0031): gateways from the configuration, the sandbox keyed by the signing secret.
  const orders = createOrdersService({
    repo: createOrdersRepo(database.db),
    gateways: createGateways(config, secret),
    courses,
    users,
    bus,
    letters: createOrderLetters({ mailer, packs }),
    environmentId: config.ENVIRONMENT_ID,
    portalId: config.PORTAL_ID,
    portalLangs,
    paymentsPublicUrl: config.PAYMENTS_PUBLIC_URL,
    publicOrigin,
  });
  // Mentor chat and notifications (issue 12, docs/decisions/0033); notifications are made above (tests tell of gradings too).
  const chat = createChatService({
    repo: createChatRepo(database.db),
    portalId: config.PORTAL_ID,
    environmentId: config.ENVIRONMENT_ID,
    users,
    courses,
    notifications,
    bus,
    packs,
    portalLangs,
    letters: createChatLetters({ mailer, packs }),
    // Letters from the jobs have no request: PUBLIC_URL, else the first allowed host.
    origin: () => publicOrigin({ protocol: "http", host: "" }),
    sendLimit: createWindowCounter(rateLimits, { name: "chat-send", max: config.CHAT_SENDS_PER_MINUTE, windowMs: 60_000 }),
    log: { warn: (obj, msg) => console.warn(`mentora: ${msg}`, obj), error: (obj, msg) => console.error(`mentora: ${msg}`, obj) },
  });
  // Discussions per element (issue 14, docs/decisions/0043): a reply to a learner notifies them; a learner's answer earns the answer awards.
  const discussions = createDiscussionsService({
    repo: createDiscussionsRepo(database.db),
    portalId: config.PORTAL_ID,
    courses,
    notifications,
    bus,
    portalLangs,
    writeLimit: createWindowCounter(rateLimits, { name: "discussion-write", max: config.DISCUSSION_POSTS_PER_MINUTE, windowMs: 60_000 }),
    onAnswer: (userId, courseId) => rewards.discussionAnswer(userId, courseId),
    // The digest letters of followed threads (docs/decisions/0044), sent by a job like the chat's.
    users,
    letters: createDiscussionLetters({ mailer, packs }),
    origin: () => publicOrigin({ protocol: "http", host: "" }),
    log: { error: (obj, msg) => console.error(`mentora: ${msg}`, obj) },
  });
  // The back office's failed letters (docs/decisions/0073), read from the job queue.
  const failedLetters = createLettersService({ jobs, environmentId: config.ENVIRONMENT_ID, queued: mailer.kind === "smtp" });
  // The back office's dashboard (issue 16, docs/decisions/0060): SQL aggregates; its actions go through the chat service.
  const dashboard = createDashboardService({
    repo: createDashboardRepo(database.db),
    chat,
    portalId: config.PORTAL_ID,
    environmentId: config.ENVIRONMENT_ID,
    portalLangs,
  });
  // Quiz and interaction results (issue 13): graded from the stored blocks the pages service reads.
  const results = createResultsService({
    repo: createResultsRepo(database.db),
    portalId: config.PORTAL_ID,
    pages,
    courses,
    users,
    bus,
    log: { warn: (obj, msg) => console.warn(`mentora: ${msg}`, obj) },
  });
  const people = createPeopleService({ users, auth, orders, chat, progress });
  return {
    people,
    results,
    assessments,
    certificates,
    chat,
    discussions,
    notifications,
    rewards,
    orders,
    bus,
    rateLimits,
    contentVersion,
    studio,
    settings,
    dashboard,
    failedLetters,
    media,
    portal,
    pages,
    policies,
    forms,
    packs,
    users,
    auth,
    oidc,
    facebook,
    oneTap,
    messengers,
    jobs,
    mailTransport,
    mailer,
    resetMail,
    verifyMail,
    subscriptions,
    publicOrigin,
    courses,
    progress,
    microcourses,
    videoEvents,
  };
}

export async function buildApp({ config, database, ssr = true, logger = true, pressure, overloadGate }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Development and the local demo (a person at the terminal) read one line per request; production
    // and a test's stream get JSON (docs/decisions/0067).
    logger: logger
      ? loggerOptions(config.LOG_LEVEL, {
          readable: logger === true && (config.MENTORA_DEV || config.MENTORA_DEMO || config.NODE_ENV === "development"),
          stream: logger === true ? undefined : logger.stream,
        })
      : false,
    // One line per request, none for probes (platform/request-log.ts).
    ...requestLogServerOptions,
    trustProxy: config.TRUST_PROXY,
    ...requestIdServerOptions,
    ...inputGuardServerOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Replies are written from their schemas by fast-json-stringify; development and tests also check
  // them against zod (docs/decisions/0023).
  app.setSerializerCompiler(createReplySerializerCompiler({ check: config.NODE_ENV !== "production" }));
  // First of the hooks: every reply, those answered from memory included, carries the request's id.
  installRequestId(app);
  // Process metrics (event-loop lag, memory, GC) only when something can read them: each app would keep its own monitors.
  const metrics = createMetrics({ defaults: config.METRICS_PORT !== undefined });
  app.decorate("metrics", metrics);
  installHttpMetrics(app, metrics);
  const stopQueryTiming = database.onQuery((seconds, failed) => metrics.query(seconds, failed ? "error" : "ok"));
  installErrorHandler(app);
  installInputGuard(app);

  const services = await createServices(config, database, { metrics });
  metrics.watchBus(services.bus);
  // The realtime socket (docs/decisions/0032); modules register the checks of their topics here.
  const realtime = createRealtimeHub({ bus: services.bus, authenticate: (token) => services.auth.authenticate(token), log: app.log });
  metrics.socketsFrom(() => realtime.stats().sockets);
  realtime.topic("order:", (viewer, id) => viewer.kind === "user" && services.orders.mayWatchOrder(viewer.user, id));
  realtime.topic("chat:", (viewer, id) => viewer.kind === "user" && services.chat.mayWatchChat(viewer.user, id));
  realtime.topic("user:", (viewer, id) => viewer.kind === "user" && viewer.user.status !== "session" && viewer.user.id === id);
  realtime.topic("inbox:", (viewer, id) => viewer.kind === "user" && services.chat.mayWatchInbox(viewer.user, id));
  realtime.topic("discussion:", (viewer, id) => viewer.kind === "user" && services.discussions.mayWatch(viewer.user, id));
  realtime.topic("quiz:", (viewer, id) => services.results.mayWatchQuiz(viewer.kind === "user" ? viewer.user : null, id));
  // The background work, as jobs of the queue in the database (docs/decisions/0070): this instance's
  // letter worker, and the chat's and discussions' rounds, each run by exactly one instance.
  workLetters(services.jobs, services.mailTransport, app.log, {
    sent: () => {
      metrics.letter("sent");
      metrics.jobs.completed("letter");
    },
    failed: (final) => {
      if (final) metrics.letter("failed");
      metrics.jobs.failed("letter", final);
    },
  });
  if (config.CHAT_JOBS_INTERVAL_MS > 0) services.jobs.every("chat-round", config.CHAT_JOBS_INTERVAL_MS, () => services.chat.runJobs());
  if (config.DISCUSSION_DIGEST_INTERVAL_MS > 0)
    services.jobs.every("digest-round", config.DISCUSSION_DIGEST_INTERVAL_MS, () => services.discussions.runDigest());
  await services.jobs.start(app.log);
  // Links built without PUBLIC_URL name the port the server bound, never one a client wrote (PORT may be 0).
  app.addHook("onListen", async () => {
    const address = app.server.address();
    if (address && typeof address === "object") services.publicOrigin.listenedOn(address.port);
  });
  app.addHook("onClose", async () => {
    stopQueryTiming();
    await services.jobs.stop();
    realtime.close();
    services.contentVersion.close();
    services.orders.close();
    await services.bus.close();
  });
  // Before the other onRequest hooks: a guest's cached page is answered before any of them runs.
  // Off in development: Vite serves code that changes under the stored pages.
  const pageCache = installPageCache(app, {
    version: services.contentVersion,
    ttlMs: config.MENTORA_DEV ? 0 : config.PAGE_CACHE_MS,
    publicOrigin: services.publicOrigin,
  });
  // Also before them: the portal settings, the same for everyone, answered from memory per content version.
  const publicReplies = installPublicReplies(app, PUBLIC_REPLY_PATHS, services.contentVersion);

  await app.register(fastifyCookie);
  await installRateLimit(app, services.rateLimits);
  // Routes declare who may call them (config.auth); outside production one that checks without declaring fails (request-auth.ts).
  installRequestAuth(app, services.auth, { strictDeclarations: config.NODE_ENV !== "production" });
  installSecurityHeaders(app, {
    csp: !config.MENTORA_DEV,
    // helmet's headers but the CSP, which carries a per-response nonce: security-headers.ts sets it on HTML (docs/decisions/0004).
    helmet: { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false },
    integrations: async () => (await services.portal.getSettings()).environment.integrations,
    // Checkout forms post to the configured providers' pages.
    formActions: services.orders.checkoutOrigins(),
  });
  app.addHook("onRequest", originGuard);
  // After the security headers (it keeps them) and before any compression (it keeps the plain body).
  app.addHook("onSend", pageCache.store);
  app.addHook("onSend", (req, reply, payload, done) => done(null, publicReplies.store(req, reply, payload)));
  installOverload(app, { config, packs: services.packs, pressure, gate: overloadGate, onRefused: (reason, kind) => metrics.overloadRefused(reason, kind) });
  // Seed 001 §2: utm, mentor and team noted on arrival go onto the account at every kind of sign-in.
  // Synchronous unless this request signed somebody in: no promise on every other reply.
  // Issue 13: the guest session's quiz results go to the account too (quiz-results identify, seed 7).
  app.addHook("onSend", (req, _reply, payload, done) => {
    const userId = req.signedInUserId;
    if (!userId) return done(null, payload);
    const guestSession = guestSessionOf(req);
    Promise.all([
      services.users.recordArrival(userId, arrivalFromCookies(req.cookies)).catch((err: unknown) => req.log.warn({ err }, "arrival not recorded")),
      guestSession
        ? services.results.attachGuestSession(userId, guestSession).catch((err: unknown) => req.log.warn({ err }, "guest results not attached"))
        : undefined,
    ]).then(() => done(null, payload), done);
  });
  // The last onSend hook: it compresses the payload the hooks above produced.
  installCompression(app);

  // ws's own cap far above the hub's frame limit: the hub answers oversized frames with an error frame first.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  realtime.install(app);

  await app.register(fastifySwagger, openApiOptions);
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(database, { withPid: config.HEALTH_PID }));
      await api.register(portalRoutes(services.portal));
      await api.register(pagesRoutes(services.pages));
      await api.register(policiesRoutes(services.policies));
      await api.register(formsRoutes(services.forms, { windowMs: config.RATE_LIMIT_WINDOW_MS }));
      await api.register(
        authRoutes({
          auth: services.auth,
          resetMail: services.resetMail,
          verifyMail: services.verifyMail,
          environmentId: config.ENVIRONMENT_ID,
          windowMs: config.RATE_LIMIT_WINDOW_MS,
          limits: services.rateLimits,
          registrationFields: (lang) => services.portal.registrationFields(lang),
        }),
      );
      await api.register(
        usersRoutes(services.users, config.PORTAL_ID, {
          windowMs: config.RATE_LIMIT_WINDOW_MS,
          limits: services.rateLimits,
          // A letter goes either way (a link, or the "taken" notice), queued, never waiting for SMTP,
          // so the reply's time does not tell a free address from a taken one.
          requestEmailChange: async (req, userId, email, hint) => {
            // The asking browser's guest session goes with the link: its results join the account once the address is verified.
            await services.auth.requestEmailChange(userId, email, guestSessionOf(req), await services.verifyMail.prepare(req, hint));
          },
        }),
      );
      await api.register(coursesRoutes({ courses: services.courses, windowMs: config.RATE_LIMIT_WINDOW_MS }));
      await api.register(progressRoutes(services.progress));
      await api.register(assessmentsRoutes(services.assessments));
      await api.register(microcoursesRoutes(services.microcourses));
      await api.register(videoEventsRoutes(services.videoEvents));
      await api.register(subscriptionsRoutes(services.subscriptions, config.RATE_LIMIT_WINDOW_MS));
      await api.register(oneTapRoutes({ auth: services.auth, verifier: services.oneTap, windowMs: config.RATE_LIMIT_WINDOW_MS }));
      await api.register(messengerApiRoutes({ messengers: services.messengers, webhookSecret: config.MESSENGER_WEBHOOK_SECRET }));
      await api.register(studioRoutes(services.studio));
      await api.register(settingsRoutes(services.settings));
      await api.register(studioPagesRoutes(services.studio));
      await api.register(dashboardRoutes(services.dashboard));
      await api.register(mediaAdminRoutes(services.media));
      await api.register(ordersRoutes(services.orders, config.RATE_LIMIT_WINDOW_MS));
      await api.register(paymentRoutes(services.orders, config.RATE_LIMIT_WINDOW_MS));
      await api.register(ordersAdminRoutes(services.orders));
      await api.register(lettersAdminRoutes(services.failedLetters));
      await api.register(peopleRoutes(services.people, { sendReset: (req) => () => services.resetMail.prepare(req) }));
      await api.register(chatRoutes(services.chat));
      await api.register(mentorChatRoutes(services.chat));
      await api.register(chatAdminRoutes(services.chat));
      await api.register(notificationsRoutes(services.notifications));
      await api.register(discussionsRoutes(services.discussions));
      await api.register(discussionFollowRoutes(services.discussions));
      await api.register(mentorDiscussionsRoutes(services.discussions));
      await api.register(rewardsRoutes(services.rewards));
      await api.register(resultsRoutes(services.results, config.RATE_LIMIT_WINDOW_MS));
      await api.register(certificatesRoutes(services.certificates, { publicOrigin: services.publicOrigin, windowMs: config.RATE_LIMIT_WINDOW_MS }));
      // Unknown API paths answer JSON, never the HTML 404 page.
      api.all("/*", { schema: { hide: true } }, async (req) => {
        throw new AppError("NOT_FOUND", `No API route ${req.method} ${req.url}`);
      });
    },
    { prefix: "/api" },
  );
  await app.register(languagePackRoutes(services.packs, async () => (await services.portal.getI18n()).langs));
  await app.register(mediaPublicRoutes(services.media));
  await app.register(
    socialRoutes({
      auth: services.auth,
      providers: services.oidc,
      facebook: services.facebook,
      publicOrigin: services.publicOrigin,
      portalLangs: () => services.portal.getI18n(),
      telegramBotToken: config.TELEGRAM_BOT_TOKEN,
    }),
  );
  await app.register(
    messengerConnectRoutes({ messengers: services.messengers, settings: () => services.portal.getSettings(), windowMs: config.RATE_LIMIT_WINDOW_MS }),
  );

  if (ssr) {
    const { reactRouterFastify } = await import("@mcansh/remix-fastify/react-router");
    installMissingAssetRoute(app);
    const buildDirectory = path.join(ROOT_DIR, process.env.MENTORA_BUILD_DIR || "build");
    const getLoadContext = (req: FastifyRequest, reply: FastifyReply): MentoraLoadContext => {
      let settings: ReturnType<Services["portal"]["getSettings"]> | undefined;
      return {
        services,
        config: { NODE_ENV: config.NODE_ENV },
        origin: services.publicOrigin(req),
        cspNonce: req.cspNonce,
        settings: () => (settings ??= services.portal.getSettings()),
        auth: () => req.auth(),
        devTools: devToolsFor(config, req),
        clientIp: req.ip,
        setSessionCookies: (tokens) => setAuthCookies(req, reply, tokens),
      };
    };
    // Imported once, here: the signed-in page templates call the same routes React Router serves.
    const build = config.MENTORA_DEV ? undefined : ((await import(pathToFileURL(path.join(buildDirectory, "server", "index.js")).href)) as ServerBuild);
    // Decorated for tests, which count the templates.
    if (build)
      app.decorate(
        "pageTemplates",
        installPageTemplates(app, { build, loadContext: getLoadContext, version: services.contentVersion, ttlMs: config.PAGE_TEMPLATE_MS }),
      );
    await app.register(reactRouterFastify, {
      mode: config.MENTORA_DEV ? "development" : "production",
      buildDirectory,
      productionServerBuild: build,
      ...staticFileOptions,
      // remix-fastify types the request for HTTP/2 as well; this server is HTTP/1.
      getLoadContext: (req, reply) => getLoadContext(req as FastifyRequest, reply as FastifyReply),
    });
  }
  return app;
}
