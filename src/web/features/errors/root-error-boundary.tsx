import { Component, Suspense, useEffect } from "react";
import { Shell } from "../shell/shell";
import { isChunkLoadError, reloadAfterChunkError } from "../shell/chunk-reload";
import { useRootData } from "../../root-data";
import { classifyError } from "./classify-error";
import { ErrorView, type ErrorViewProps } from "./error-view";

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
          {/* The error texts' pack comes with a server-rendered error page, else when first needed. */}
          <Suspense fallback={null}>
            <ErrorView {...view} />
          </Suspense>
        </Shell>
      ) : (
        <main id="main" className="mx-auto max-w-3xl px-4 py-16">
          <Suspense fallback={null}>
            <ErrorView {...view} />
          </Suspense>
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
