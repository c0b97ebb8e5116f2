import type { Route } from "./+types/studio-order";
import { OrderDetail } from "../features/backoffice/orders/order-detail";
import { throwNotFound } from "../features/errors/error-pages.server";
import { packT } from "../features/notifications/notifications.server";
import { orNotFound } from "../features/orders/orders.server";
import { privatePageMeta } from "../features/orders/page-meta";
import { settingsAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/orders/:orderId (issue 16): one order with its history, callbacks and refund; admins and mp-admin. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang, orderId } = params;
  const admin = await settingsAuthor(context, request, lang);
  const detail = await orNotFound(context.services.orders.orderDetail(admin, orderId));
  if (!detail) return throwNotFound(context, lang);
  const title = (await packT(context, lang, "backoffice"))("order.metaTitle");
  return { title, detail };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "backoffice", "errors"] };

export default function StudioOrder({ loaderData }: Route.ComponentProps) {
  return <OrderDetail key={loaderData.detail.order.id} detail={loaderData.detail} />;
}
