import { data } from "react-router";
import type { Route } from "./+types/gift";
import { throwNotFound } from "../features/errors/error-pages.server";
import { GiftView } from "../features/orders/gift-view";
import { ADDRESS_TOKEN, orNotFound, ordersT } from "../features/orders/orders.server";
import { privatePageMeta } from "../features/orders/page-meta";
import type { PacksHandle } from "../i18n/page-packs";

/**
 * /{lang}/gift/{token}/ (decision 0031 "Gifts"): the link of a gift letter. Anyone holding the token
 * sees the gift; a token that matches none is a 404 with the page's own words.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { lang, token } = params;
  if (!ADDRESS_TOKEN.test(token)) return throwNotFound(context, lang);
  const title = (await ordersT(context, lang))("gift.metaTitle");
  const gift = await orNotFound(context.services.orders.getGift(token, lang));
  return gift ? { title, token, gift } : data({ title, token, gift: null }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["orders"] };

export default function Gift({ loaderData }: Route.ComponentProps) {
  return <GiftView gift={loaderData.gift} token={loaderData.token} />;
}
