import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";
import { FALLBACK_LANG } from "../domain/constants";
import { portalLang } from "../domain/locale";
import { BLOCKS } from "./features/blocks/registry";
import { LowPriorityPreloads } from "./features/shell/low-priority-preloads.server";
import { NonceContext } from "./features/shell/nonce";
import { pagePacks, type ServerPacks, ServerPacksContext } from "./i18n/page-packs";
import type { RootData } from "./root-data";

export const streamTimeout = 5_000;

/**
 * The language packs of this render: every pack of the page's language (the server renders with all
 * of them) and the ones the page ships, from the matched routes' `handle.packs` (i18n/page-packs.ts).
 */
async function serverPacks(context: EntryContext, loadContext: AppLoadContext): Promise<ServerPacks> {
  const { matches, loaderData, errors } = context.staticHandlerContext;
  const root = loaderData.root as RootData | undefined;
  const lang = root ? portalLang(matches.at(-1)?.params.lang, root.settings.portal.i18n.langs, root.lang) : FALLBACK_LANG;
  const shipped = pagePacks(
    matches.map((m) => m.route.handle),
    !!errors,
  );
  const all = await loadContext.services.packs.resources(lang);
  return { lang, all, shipped, src: loadContext.services.packs.shippedFile(lang, shipped, all).src };
}

/**
 * React Router's default Node entry, plus the response's CSP nonce: React Router's inline scripts,
 * React's streaming scripts and our own (root.tsx) all carry it.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  // Block components are fetched per type in the browser; the server has them all before it renders,
  // so a page's blocks are in its first HTML, never streamed in after a fallback.
  const [packs] = await Promise.all([serverPacks(routerContext, loadContext), BLOCKS.loadAll()]);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerPacksContext.Provider value={packs}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ServerPacksContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new LowPriorityPreloads({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
