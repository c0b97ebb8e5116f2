import type { Route } from "./+types/gift";
import { throwNotFound } from "../features/errors/error-pages.server";
import { GiftView } from "../features/orders/gift-view";
import { ADDRESS_TOKEN, ordersT } from "../features/orders/orders.server";
import { privatePageMeta } from "../features/orders/page-meta";
import type { PacksHandle } from "../i18n/page-packs";
import { QueryScope } from "../lib/query-client";

/**
 * /{lang}/gift/{token}/ (decision 0031 "Gifts"): the link of a gift letter. The gift is read in the
 * browser through the API by its token; the page itself holds nothing personal.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { lang, token } = params;
  if (!ADDRESS_TOKEN.test(token)) return throwNotFound(context, lang);
  const t = await ordersT(context, lang);
  return { token, title: t("gift.metaTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["orders"] };

export default function Gift({ loaderData }: Route.ComponentProps) {
  return (
    <QueryScope>
      <GiftView token={loaderData.token} />
    </QueryScope>
  );
}
