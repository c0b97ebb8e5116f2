import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement, useState } from "react";

/**
 * The web data layer's cache (docs/decisions/0017-web-data-layer.md). Reads and polls of the browser
 * go through TanStack Query with these defaults: no retries and no refetch on focus or reconnect, so a
 * screen asks the server exactly as often as it says (refetchInterval for polls).
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/** One client per browser; on the server a fresh one per render (nothing is fetched there, and no request sees another's cache). */
export function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}

/**
 * Provides the query client to the parts that read through TanStack Query (the policy popup, the
 * scenario popup's steps, the messenger connect page). They are loaded on demand, so TanStack Query
 * is too, instead of in the root of every page (docs/decisions/0020-lean-client.md). In the browser
 * every scope shares the one client, and so its cache.
 */
export function QueryScope({ children }: { children: React.ReactNode }) {
  const [client] = useState(getQueryClient);
  return createElement(QueryClientProvider, { client }, children);
}

/** Query keys in one place, so that later capabilities (chat unread, updates) invalidate by prefix. */
export const queryKeys = {
  policy: (category: string, lang: string) => ["policies", category, lang] as const,
  pageByAlias: (alias: string, lang: string) => ["pages", "by-alias", alias, lang] as const,
  connectStatus: (code: string) => ["messengers", "connect", "status", code] as const,
};
