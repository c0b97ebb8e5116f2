import type { Route } from "./+types/mentor-reviews";
import { ReviewsPage } from "../features/mentor/reviews-page";
import { inboxViewer } from "../features/mentor/mentor.server";
import { packT } from "../features/notifications/notifications.server";
import { privatePageMeta } from "../features/orders/page-meta";
import type { PacksHandle } from "../i18n/page-packs";

/**
 * /{lang}/mentor/reviews/ (issue 13): the mentors' queue of free-text answers of mentor-verified
 * tests. The loader applies the inbox's access rule (mentor roles; others 403, guests to sign in).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { lang } = params;
  await inboxViewer(context, request, lang, undefined);
  const auth = await context.auth();
  if (auth.kind !== "user") throw new Error("unreachable: inboxViewer admits signed-in accounts only");
  const items = await context.services.assessments.reviewQueue(auth.user, lang);
  const title = (await packT(context, lang, "mentor"))("reviews.metaTitle");
  return { title, items };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? privatePageMeta(loaderData.title) : []);

export const handle: PacksHandle = { packs: ["mentor", "errors"] };

export default function MentorReviews({ loaderData }: Route.ComponentProps) {
  return <ReviewsPage items={loaderData.items} />;
}
