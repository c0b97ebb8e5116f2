import type { Route } from "./+types/studio-dashboard";
import { ZDashboardQuery } from "../../domain/dashboard";
import { localized } from "../../domain/localized";
import { DashboardScreen } from "../features/backoffice/dashboard/dashboard-screen";
import { privatePageMeta } from "../features/orders/page-meta";
import { packT } from "../features/notifications/notifications.server";
import { portalLanguages, settingsAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/**
 * /{lang}/studio/dashboard (issue 16): the back office's first screen, for admins and mp-admin (the
 * loader checks). The range comes from the address; a bad one is said and the default shown instead.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  const author = await settingsAuthor(context, request, lang);
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const t = await packT(context, lang, "backoffice");
  const parsed = ZDashboardQuery.safeParse({ ...search, courseId: search.courseId || undefined, lang });
  const fallback = ZDashboardQuery.parse({ lang });
  // A range with only one end, or a course that is not the portal's, is refused like a bad range.
  const data = parsed.success ? await context.services.dashboard.get(author, parsed.data).catch(() => null) : null;
  const { primaryLang } = await portalLanguages(context);
  const courses = (await context.services.studio.listCourses(author)).map((c) => ({ value: c.id, label: localized(c.title, lang, primaryLang) || c.id }));
  return {
    title: t("dashboard.metaTitle"),
    data: data ?? (await context.services.dashboard.get(author, fallback)),
    courses,
    rangeError: data ? null : t("dashboard.badRange"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["backoffice", "studio", "errors"] };

export default function StudioDashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardScreen data={loaderData.data} courses={loaderData.courses} rangeError={loaderData.rangeError} />;
}
