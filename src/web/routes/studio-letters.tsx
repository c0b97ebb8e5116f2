import type { Route } from "./+types/studio-letters";
import { LETTERS_PAGE_SIZE, ZLetterId } from "../../domain/letter-admin";
import { FailedLetters } from "../features/backoffice/letters/failed-letters";
import { packT } from "../features/notifications/notifications.server";
import { privatePageMeta } from "../features/orders/page-meta";
import { settingsAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/letters (issue 29 §6): the portal's failed letters, a page at a time; admins and mp-admin (the loader checks). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  const admin = await settingsAuthor(context, request, lang);
  // A malformed `after` starts at the first page; an unknown one is the API's 404.
  const after = ZLetterId.safeParse(new URL(request.url).searchParams.get("after")).data;
  const page = await context.services.failedLetters.failed(admin, { limit: LETTERS_PAGE_SIZE, after });
  const title = (await packT(context, lang, "backoffice"))("letters.title");
  return { title, ...page };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "backoffice", "errors"] };

export default function StudioLetters({ loaderData }: Route.ComponentProps) {
  const { letters, next, counts } = loaderData;
  return <FailedLetters letters={letters} next={next} counts={counts} />;
}
