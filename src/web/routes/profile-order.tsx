import { data } from "react-router";
import type { Route } from "./+types/profile-order";
import { throwNotFound } from "../features/errors/error-pages.server";
import { profileUser } from "../features/learning/profile.server";
import { ADDRESS_TOKEN, orNotFound, ordersT } from "../features/orders/orders.server";
import { privatePageMeta } from "../features/orders/page-meta";
import { ReceiptView } from "../features/orders/receipt-view";
import type { PacksHandle } from "../i18n/page-packs";

/**
 * /{lang}/profile/orders/{orderId}/: the receipt of one of the learner's orders. A guest is sent to
 * sign in and comes back here (as the other profile pages do); another account's order reads as
 * missing (404), never its contents.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang, orderId } = params;
  if (!ADDRESS_TOKEN.test(orderId)) return throwNotFound(context, lang);
  const user = await profileUser(context, request, lang);
  const title = (await ordersT(context, lang))("receipt.metaTitle");
  const order = await orNotFound(context.services.orders.getOrder(user, orderId, lang));
  return order ? { title, order } : data({ title, order: null }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["orders"] };

export default function ProfileOrder({ loaderData }: Route.ComponentProps) {
  return <ReceiptView order={loaderData.order} />;
}
