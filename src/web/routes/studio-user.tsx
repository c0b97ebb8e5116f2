import type { Route } from "./+types/studio-user";
import { isAppError } from "../../domain/errors";
import { ZUserId } from "../../domain/people";
import { PersonView } from "../features/backoffice/users/person-view";
import { throwNotFound } from "../features/errors/error-pages.server";
import { privatePageMeta } from "../features/orders/page-meta";
import { packT } from "../features/notifications/notifications.server";
import { settingsAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/users/:userId (issue 16): one person, for admins and mp-admin; an unknown id is the not-found page. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang, userId } = params;
  const author = await settingsAuthor(context, request, lang);
  if (!ZUserId.safeParse(userId).success) return throwNotFound(context, lang);
  const person = await context.services.people.get(author, userId, lang).catch((e: unknown) => {
    if (isAppError(e, "NOT_FOUND")) return null;
    throw e;
  });
  if (!person) return throwNotFound(context, lang);
  const t = await packT(context, lang, "backoffice");
  return { title: t("users.personTitle", { name: person.fullName || person.email || person.id }), person, selfId: author.id };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "backoffice", "errors"] };

export default function StudioUser({ loaderData }: Route.ComponentProps) {
  return <PersonView person={loaderData.person} selfId={loaderData.selfId} />;
}
