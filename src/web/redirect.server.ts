import { redirect as routerRedirect } from "react-router";
import { toLocation } from "../domain/validation/location";

/**
 * React Router's redirect() with the target percent-encoded for the Location header
 * (docs/decisions/0014): "/ru/курсы" would otherwise make the Fetch Headers throw, a 500.
 * Every loader and action redirects through this one.
 */
export function redirect(target: string, init?: number | ResponseInit): Response {
  return routerRedirect(toLocation(target), init);
}
