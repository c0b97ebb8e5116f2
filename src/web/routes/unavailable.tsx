import type { LoaderFunctionArgs } from "react-router";
import { errorLang, throwNotFound } from "../features/errors/error-pages.server";

/**
 * Routes of seed 2.1 whose screens belong to capabilities that have not landed yet. They are in the
 * route table so that links and layouts resolve, and answer 404 until their screen exists.
 */
export async function loader({ context, request, params }: LoaderFunctionArgs) {
  return throwNotFound(context, await errorLang(context, request, params.lang));
}

export default function Unavailable() {
  return null;
}
