import type { Route } from "./+types/profile-order";
import { throwNotFound } from "../features/errors/error-pages.server";
import { profileUser } from "../features/learning/profile.server";
import { ADDRESS_TOKEN, ordersT } from "../features/orders/orders.server";
import { privatePageMeta } from "../features/orders/page-meta";
import { ReceiptView } from "../features/orders/receipt-view";
import type { PacksHandle } from "../i18n/page-packs";
import { QueryScope } from "../lib/query-client";

/**
 * /{lang}/profile/orders/{orderId}/: the receipt of one of the learner's orders. A guest is sent to
 * sign in and comes back here (as the other profile pages do); the order is read in the browser
 * through the API, which answers only its owner.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang, orderId } = params;
  if (!ADDRESS_TOKEN.test(orderId)) return throwNotFound(context, lang);
  await profileUser(context, request, lang);
  const t = await ordersT(context, lang);
  return { orderId, title: t("receipt.metaTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["orders"] };

export default function ProfileOrder({ loaderData }: Route.ComponentProps) {
  return (
    <QueryScope>
      <ReceiptView orderId={loaderData.orderId} />
    </QueryScope>
  );
}
