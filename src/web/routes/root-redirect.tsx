import type { Route } from "./+types/root-redirect";
import { redirectToLanguage } from "../features/shell/lang-redirect.server";

/** "/" has no language yet: send the visitor to theirs. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await redirectToLanguage(context, request);
  return null;
}

export default function RootRedirect() {
  return null;
}
