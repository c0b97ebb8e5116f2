import type { Route } from "./+types/order-result";
import { throwNotFound } from "../features/errors/error-pages.server";
import { OrderResultView } from "../features/orders/order-result-view";
import { ADDRESS_TOKEN, ordersT } from "../features/orders/orders.server";
import { privatePageMeta } from "../features/orders/page-meta";
import type { PacksHandle } from "../i18n/page-packs";
import { QueryScope } from "../lib/query-client";

/**
 * /{lang}/order-result/{orderId}/ (seed 000 §2.1 "order-result/{id?}"): where a payment provider
 * returns the browser (through /api/orders/{id}/return). The order is the learner's own and is read
 * in the browser through the API, which answers only its owner; the page itself holds nothing personal.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { lang, id } = params;
  if (!id || !ADDRESS_TOKEN.test(id)) return throwNotFound(context, lang);
  const t = await ordersT(context, lang);
  return { orderId: id, title: t("result.metaTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["orders"] };

export default function OrderResult({ loaderData }: Route.ComponentProps) {
  return (
    <QueryScope>
      <OrderResultView orderId={loaderData.orderId} />
    </QueryScope>
  );
}
