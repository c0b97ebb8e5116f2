import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * The route table of seed 2.1. Screens that later capabilities own are registered with the
 * `unavailable` module, which answers 404 until that capability lands (never a fake screen).
 */
const later = (path: string, id: string) => route(path, "routes/unavailable.tsx", { id });

export default [
  route("authcb", "routes/return-callback.tsx", { id: "authcb-page" }),
  index("routes/root-redirect.tsx"),
  route(":lang", "routes/lang.tsx", [
    layout("layouts/main.tsx", [
      index("routes/home.tsx"),
      route("guideline/base", "routes/guideline.base.tsx"),
      route("guideline/components", "routes/guideline.components.tsx"),
      route("guideline/icons", "routes/guideline.icons.tsx"),
      route("connect/:messenger", "routes/connect.tsx"),
      // Content pages by alias (e.g. the blocks showcase); the main page stays at the index.
      route("pages/:alias", "routes/page.tsx"),
      route("courses", "routes/courses.tsx", { id: "courses" }),
      route("gift/:token", "routes/gift.tsx", { id: "gift" }),
      // The mentors' review queue of mentor-verified tests (issue 13); before the inbox's optional chat id.
      route("mentor/reviews", "routes/mentor-reviews.tsx", { id: "mentor-reviews" }),
      // The mentors' discussion queue and reports (issue 14); also before the inbox's optional chat id.
      route("mentor/discussions", "routes/mentor-discussions.tsx", { id: "mentor-discussions" }),
      // The mentors' inbox (issue 12): the list alone, or the list and one chat.
      route("mentor/:chatId?", "routes/mentor-inbox.tsx", { id: "mentor-inbox" }),
      route(":type", "routes/policy.tsx", { id: "privacy-policy" }),
    ]),
    layout("layouts/default.tsx", [
      route("courses/:courseId", "routes/course.tsx", { id: "lang-courses-courseId" }),
      route("courses/:courseId?/lesson/:lessonId?", "routes/element.tsx", { id: "lesson-id" }),
      route("courses/:courseId?/test/:testId?", "routes/element.tsx", { id: "test-id" }),
      route("courses/:courseId?/webinar/:webinarId?", "routes/element.tsx", { id: "webinar-id" }),
      route("microcourse/:id?", "routes/microcourse.tsx", { id: "microcourse" }),
      route("video-event/:id", "routes/video-event.tsx", { id: "video-event" }),
      route("progress/:userId/:elementId/:envId", "routes/learner-progress.tsx", { id: "progress" }),
      // A certificate's public verification page (issue 13, docs/decisions/0037).
      route("certificates/:number", "routes/certificate.tsx", { id: "certificate" }),
    ]),
    layout("layouts/minimal.tsx", [
      route("order-result/:id?", "routes/order-result.tsx", { id: "order-result" }),
      // The sandbox gateway's checkout (decision 0031): a page of its own, as a provider's would be.
      route("test-payment/:orderId", "routes/test-payment.tsx", { id: "test-payment" }),
    ]),
    layout("layouts/designer.tsx", [
      route("preview/:id?", "routes/preview.tsx", { id: "preview" }),
      // The creator studio (issue 15): authors only, checked in each loader and by the studio API.
      route("studio", "routes/studio.tsx", { id: "studio" }),
      route("studio/courses/:courseId", "routes/studio-course.tsx", { id: "studio-course" }),
      // The page designer (issue 15): the pages list, one page's designer and its live preview (an iframe of the designer).
      route("studio/pages", "routes/studio-pages.tsx", { id: "studio-pages" }),
      route("studio/pages/:alias", "routes/studio-page.tsx", { id: "studio-page" }),
      route("studio/pages/:alias/preview", "routes/studio-page-preview.tsx", { id: "studio-page-preview" }),
      route("studio/navigation", "routes/studio-navigation.tsx", { id: "studio-navigation" }),
      // The back office's settings (issue 16): admins and mp-admin only.
      route("studio/settings/portal", "routes/studio-settings-portal.tsx", { id: "studio-settings-portal" }),
      route("studio/settings/environment", "routes/studio-settings-environment.tsx", { id: "studio-settings-environment" }),
      route("studio/settings/registration", "routes/studio-settings-registration.tsx", { id: "studio-settings-registration" }),
      route("studio/dashboard", "routes/studio-dashboard.tsx", { id: "studio-dashboard" }),
      route("studio/microcourses", "routes/studio-microcourses.tsx", { id: "studio-microcourses" }),
      route("studio/microcourses/:id", "routes/studio-microcourse.tsx", { id: "studio-microcourse" }),
      route("studio/video-events", "routes/studio-video-events.tsx", { id: "studio-video-events" }),
      route("studio/video-events/:id", "routes/studio-video-event.tsx", { id: "studio-video-event" }),
      route("studio/media", "routes/studio-media.tsx", { id: "studio-media" }),
      // The back office (issue 16): orders and money, mentors; admins and mp-admin.
      route("studio/orders", "routes/studio-orders.tsx", { id: "studio-orders" }),
      route("studio/orders/:orderId", "routes/studio-order.tsx", { id: "studio-order" }),
      route("studio/letters", "routes/studio-letters.tsx", { id: "studio-letters" }),
      route("studio/mentors", "routes/studio-mentors.tsx", { id: "studio-mentors" }),
      // The back office's people (issue 16): admins and mp-admin, checked in each loader and by the API.
      route("studio/users", "routes/studio-users.tsx", { id: "studio-users" }),
      route("studio/users/:userId", "routes/studio-user.tsx", { id: "studio-user" }),
    ]),
    layout("layouts/simple.tsx", [
      route("profile", "routes/profile.tsx", { id: "profile" }),
      route("profile/progress", "routes/profile-progress.tsx", { id: "profile-progress" }),
      route("profile/progress/:tabId", "routes/profile-progress.tsx", { id: "profile-progress-tab" }),
      route("profile/orders/:orderId", "routes/profile-order.tsx", { id: "profile-order" }),
      route("profile/Notifications/NotificationsPage", "routes/notifications.tsx", { id: "profile-notifications" }),
      later("unsubscribe", "unsubscribe"),
    ]),
    layout("layouts/empty.tsx", [later("sandbox", "sandbox"), later("messengers", "messengers")]),
    layout("layouts/clean.tsx", [later("sandbox/popup", "sandbox-popup")]),
    layout("layouts/bare.tsx", [route("dev", "routes/dev.tsx")]),
    layout("layouts/rcallback.tsx", [later("callback", "callback"), route("rcallback", "routes/return-callback.tsx", { id: "rcallback" })]),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
