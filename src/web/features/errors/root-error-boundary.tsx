import { Component, useEffect } from "react";
import { isRouteErrorResponse } from "react-router";
import type { TPage } from "../../../domain/page";
import { Shell } from "../shell/shell";
import { isChunkLoadError, reloadAfterChunkError } from "../shell/chunk-reload";
import { useRootData } from "../../root";
import { ErrorView, type ErrorViewProps } from "./error-view";

export type ErrorKind =
  | { kind: "not-found"; page: TPage }
  | { kind: "access-denied"; page: TPage }
  | { kind: "generic"; status: number; message: string };

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

export function RootErrorBoundary({ error }: { error: unknown }) {
  const data = useRootData();
  const chunkError = isChunkLoadError(error);
  useEffect(() => {
    if (chunkError) reloadAfterChunkError();
  }, [chunkError]);
  const classified = classifyError(error, import.meta.env.DEV);
  const view: ErrorViewProps = { error: classified };
  return (
    <LastResort>
      {data ? (
        <Shell>
          <ErrorView {...view} />
        </Shell>
      ) : (
        <main id="main" className="mx-auto max-w-3xl px-4 py-16">
          <ErrorView {...view} />
        </main>
      )}
    </LastResort>
  );
}

/** If the error page itself fails, a plain message offers a link back home (seed 2.1). */
class LastResort extends Component<{ children: React.ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="main" style={{ padding: 32, fontFamily: "system-ui, sans-serif" }}>
        <h1>Something went wrong · Bir şeyler ters gitti</h1>
        <p>
          <a href="/">Home · Ana sayfa</a>
        </p>
      </main>
    );
  }
}
