import type { Route } from "./+types/studio-orders";
import { localized } from "../../domain/localized";
import { ORDERS_PAGE_SIZE } from "../features/backoffice/orders/page-size";
import { OrdersList } from "../features/backoffice/orders/orders-list";
import { apiQuery, readOrdersFilter } from "../features/backoffice/orders/orders-filter";
import { packT } from "../features/notifications/notifications.server";
import { privatePageMeta } from "../features/orders/page-meta";
import { portalLanguages, settingsAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/orders (issue 16): the portal's orders with filters, totals and the CSV export; admins and mp-admin (the loader checks). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  const admin = await settingsAuthor(context, request, lang);
  const filter = readOrdersFilter(new URL(request.url).searchParams);
  const q = apiQuery(filter);
  const { services } = context;
  const [page, totals, courses, { primaryLang }] = await Promise.all([
    services.orders.adminOrders(admin, { ...q, after: filter.after, limit: ORDERS_PAGE_SIZE }),
    services.orders.orderTotals(admin, q),
    services.studio.listCourses(admin),
    portalLanguages(context),
  ]);
  const title = (await packT(context, lang, "backoffice"))("orders.title");
  return {
    title,
    filter,
    next: page.next,
    totals: totals.totals,
    orders: page.orders.map((o) => ({
      id: o.id,
      courseTitle: o.courseTitle,
      userId: o.userId,
      userEmail: o.userEmail,
      currency: o.currency,
      amount: o.amount,
      gateway: o.gateway,
      status: o.status,
      createdAt: o.createdAt,
    })),
    courses: courses.map((c) => ({ id: c.id, title: localized(c.title, lang, primaryLang) || c.id })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "backoffice", "errors"] };

export default function StudioOrders({ loaderData }: Route.ComponentProps) {
  const { filter, orders, next, totals, courses } = loaderData;
  return <OrdersList filter={filter} orders={orders} next={next} totals={totals} courses={courses} />;
}
