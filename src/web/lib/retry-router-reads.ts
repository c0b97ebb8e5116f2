import { retryOnceWhenOverloaded } from "../../domain/overload-retry";
import { abortableSleep } from "./fetch-reply";

/** React Router's own reads from the browser: a navigation's data (`….data`) and route discovery (`/__manifest`). */
export function isRouterRead(url: URL, method: string, origin: string): boolean {
  return method === "GET" && url.origin === origin && (url.pathname.endsWith(".data") || url.pathname === "/__manifest");
}

type FetchWindow = Pick<Window, "fetch"> & { location: Pick<Location, "href" | "origin"> };

/**
 * React Router 7 loads a navigation's data through the global fetch and takes no fetch of ours
 * (HydratedRouter's `unstable_fetch` is React Router 8's), so its reads are wrapped here: asked once
 * more after the server's typed 503, like every other read of the web client (src/domain/overload-retry.ts,
 * docs/decisions/0078-one-retry-after-overload.md). Its writes (actions) and every other request pass untouched.
 */
export function retryRouterReads(win: FetchWindow = window): void {
  const plain = win.fetch.bind(win);
  win.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input), win.location.href);
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    if (!isRouterRead(url, method, win.location.origin)) return plain(input, init);
    const signal = init?.signal ?? request?.signal ?? undefined;
    let last: Response | undefined;
    return retryOnceWhenOverloaded(async () => (last = await plain(input, init)), {
      request: { method: "GET" },
      refusalOf: (res) => (res.status === 503 ? { status: 503, retryAfter: res.headers.get("retry-after") } : null),
      sleep: (ms) => {
        // The refusal's page is not read: its connection is let go at once.
        void last?.body?.cancel().catch(() => undefined);
        return abortableSleep(ms, signal);
      },
    });
  };
}
