import { data } from "react-router";
import type { Route } from "./+types/test-payment";
import { throwNotFound } from "../features/errors/error-pages.server";
import { ADDRESS_TOKEN, orNotFound, ordersT } from "../features/orders/orders.server";
import { privatePageMeta } from "../features/orders/page-meta";
import { TestPaymentView } from "../features/orders/test-payment-view";
import type { PacksHandle } from "../i18n/page-packs";

/**
 * /{lang}/test-payment/{orderId}/?t=ticket: the sandbox gateway's checkout page (decision 0031),
 * reached from /api/payments/sandbox/checkout. The page shows the order only with a valid ticket; a
 * wrong or missing ticket, an unknown order, or the sandbox switched off, is a 404.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang, orderId } = params;
  if (!ADDRESS_TOKEN.test(orderId)) return throwNotFound(context, lang);
  const ticket = new URL(request.url).searchParams.get("t") ?? "";
  const title = (await ordersT(context, lang))("testPayment.metaTitle");
  const payment = ticket.length > 0 && ticket.length <= 200 ? await orNotFound(context.services.orders.sandboxPayment(orderId, ticket)) : null;
  // Without a valid ticket the order is not found (the API's answer too): the page says the link is not valid, and nothing of the order.
  if (!payment) return data({ title, payment: null, ticket: "" }, { status: 404 });
  const { courseTitle, amount, currency, status } = payment;
  return { title, payment: { orderId, courseTitle, amount, currency, status }, ticket };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["orders"] };

export default function TestPayment({ loaderData }: Route.ComponentProps) {
  return <TestPaymentView payment={loaderData.payment} ticket={loaderData.ticket} />;
}
