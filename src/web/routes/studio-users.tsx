import type { Route } from "./+types/studio-users";
import { ZPeopleQuery } from "../../domain/people";
import { PeopleSearch } from "../features/backoffice/users/people-search";
import { privatePageMeta } from "../features/orders/page-meta";
import { packT } from "../features/notifications/notifications.server";
import { settingsAuthor } from "../features/studio/studio.server";
import type { PacksHandle } from "../i18n/page-packs";

/** /{lang}/studio/users (issue 16): search people, for admins and mp-admin (the loader checks, the API again). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  const author = await settingsAuthor(context, request, lang);
  const url = new URL(request.url);
  const t = await packT(context, lang, "backoffice");
  const raw = {
    q: url.searchParams.get("q") ?? undefined,
    sessions: url.searchParams.get("sessions") ?? undefined,
    after: url.searchParams.get("after") ?? undefined,
  };
  const parsed = ZPeopleQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : ZPeopleQuery.parse({});
  const page = parsed.success ? await context.services.people.search(author, query) : { people: [], next: null };
  return {
    title: t("users.metaTitle"),
    q: raw.q ?? "",
    sessions: query.sessions === "include",
    page,
    error: parsed.success ? null : t("users.badQuery"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["studio", "backoffice", "errors"] };

export default function StudioUsers({ loaderData }: Route.ComponentProps) {
  const { q, sessions, page, error } = loaderData;
  return <PeopleSearch q={q} sessions={sessions} page={page} error={error} />;
}
