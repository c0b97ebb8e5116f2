import { useSearchParams } from "react-router";
import type { Route } from "./+types/test-payment";
import { throwNotFound } from "../features/errors/error-pages.server";
import { ADDRESS_TOKEN, ordersT } from "../features/orders/orders.server";
import { privatePageMeta } from "../features/orders/page-meta";
import { TestPaymentView } from "../features/orders/test-payment-view";
import type { PacksHandle } from "../i18n/page-packs";
import { QueryScope } from "../lib/query-client";

/**
 * /{lang}/test-payment/{orderId}/?t=ticket: the sandbox gateway's checkout page (decision 0031),
 * reached from /api/payments/sandbox/checkout. The ticket is checked by the API when the page asks
 * for the order, so the page shows nothing of an order without it.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { lang, orderId } = params;
  if (!ADDRESS_TOKEN.test(orderId)) return throwNotFound(context, lang);
  const t = await ordersT(context, lang);
  return { orderId, title: t("testPayment.metaTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["orders"] };

export default function TestPayment({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const ticket = search.get("t") ?? "";
  return (
    <QueryScope>
      <TestPaymentView orderId={loaderData.orderId} ticket={ticket.length <= 2048 ? ticket : ""} />
    </QueryScope>
  );
}
