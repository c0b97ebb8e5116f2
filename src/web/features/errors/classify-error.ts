import { isRouteErrorResponse } from "react-router";
import type { TPage } from "../../../domain/page";

/** The three error screens of seed 2.3. */
export type ErrorKind = { kind: "not-found"; page: TPage } | { kind: "access-denied"; page: TPage } | { kind: "generic"; status: number; message: string };

/** Sorts whatever a route threw into the three screens of seed 2.3. */
export function classifyError(error: unknown, dev: boolean): ErrorKind {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { kind?: string; page?: TPage; message?: string; code?: string } | string | undefined;
    if (data && typeof data === "object") {
      if (data.kind === "not-found" && data.page) return { kind: "not-found", page: data.page };
      if (data.kind === "access-denied" && data.page) return { kind: "access-denied", page: data.page };
      if (data.message) return { kind: "generic", status: error.status, message: data.message };
    }
    return { kind: "generic", status: error.status, message: typeof data === "string" && data ? data : error.statusText };
  }
  const message = error instanceof Error && dev ? error.message : "";
  return { kind: "generic", status: 500, message };
}
