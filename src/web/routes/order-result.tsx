import { data } from "react-router";
import type { Route } from "./+types/order-result";
import { throwNotFound } from "../features/errors/error-pages.server";
import { OrderResultView } from "../features/orders/order-result-view";
import { ADDRESS_TOKEN, orderOwner, orNotFound, ordersT } from "../features/orders/orders.server";
import { privatePageMeta } from "../features/orders/page-meta";
import type { PacksHandle } from "../i18n/page-packs";
import { QueryScope } from "../lib/query-client";

/**
 * /{lang}/order-result/{orderId}/ (seed 000 §2.1 "order-result/{id?}"): where a payment provider
 * returns the browser (through /api/orders/{id}/return). The order is the signed-in owner's only: a
 * guest gets the sign-in state and another account's order reads as missing (404), never its contents.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { lang, id } = params;
  if (!id || !ADDRESS_TOKEN.test(id)) return throwNotFound(context, lang);
  const title = (await ordersT(context, lang))("result.metaTitle");
  const owner = await orderOwner(context);
  if (!owner) return { orderId: id, title, order: null, missing: false };
  const order = await orNotFound(context.services.orders.getOrder(owner, id, lang));
  if (!order) return data({ orderId: id, title, order: null, missing: true }, { status: 404 });
  return { orderId: id, title, order, missing: false };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["orders"] };

export default function OrderResult({ loaderData }: Route.ComponentProps) {
  return (
    <QueryScope>
      <OrderResultView orderId={loaderData.orderId} initial={loaderData.order} missing={loaderData.missing} />
    </QueryScope>
  );
}
