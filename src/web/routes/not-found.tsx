import type { Route } from "./+types/not-found";
import { errorLang, throwNotFound } from "../features/errors/error-pages.server";

/** Catch-all under {lang}: any unmatched path answers 404 (seed 2.1). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return throwNotFound(context, await errorLang(context, request, params.lang));
}

export default function NotFound() {
  return null;
}
