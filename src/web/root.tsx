import { useEffect, useMemo } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs, isRouteErrorResponse } from "react-router";
import { COOKIES } from "../domain/constants";
import { dirOf, requestLang } from "../domain/locale";
import { localized } from "../domain/localized";
import { guestUser } from "../domain/user";
import { shouldRefreshSettings } from "../domain/timing-guards";
import type { Route } from "./+types/root";
import "./app.css";
import { parseConsent, readCookie } from "./cookies";
import { type RootData, useLang, useRootData } from "./root-data";
import { RootErrorBoundary } from "./features/errors/root-error-boundary";
import { ThemeProvider } from "./components/ui/theme-context";
import { BlockRegistryContext } from "./features/blocks/block-registry";
import { BLOCKS } from "./features/blocks/registry";
import { AuthProvider } from "./features/auth/auth-context";
import { ScenarioProvider } from "./features/scenario/scenario-context";
import { ConsentProvider } from "./features/consent/consent-context";
import { ProgressRefreshAfterLogin } from "./features/learning/progress-refresh";
import { TagManager } from "./features/shell/analytics";
import { useChromeless } from "./features/shell/chromeless";
import { installChunkReloadGuard } from "./features/shell/chunk-reload";
import { PacksScript, usePageI18n } from "./i18n/use-page-i18n";
import { TranslatorContext } from "./i18n/use-translation";
import { themeStyleText } from "./theme";
import { useNonce } from "./features/shell/nonce";

export async function loader({ request, params, context }: Route.LoaderArgs): Promise<RootData> {
  const settings = await context.settings();
  const { langs, primaryLang } = settings.portal.i18n;
  const cookieHeader = request.headers.get("cookie");
  const lang = requestLang(params.lang, readCookie(cookieHeader, COOKIES.lang), langs, primaryLang);
  const auth = await context.auth();
  return {
    settings,
    lang,
    // A signed-in page's template draws the learner's own words as tokens (docs/decisions/0083).
    user: auth.kind === "user" ? (context.personal?.user ?? auth.user) : guestUser(),
    origin: context.origin,
    consent: parseConsent(readCookie(cookieHeader, COOKIES.consent)),
  };
}

/** Error screens (404, access denied, others) are never indexed; their title names the page. */
export const meta: Route.MetaFunction = ({ error, loaderData }) => {
  if (!error) return [];
  const page = isRouteErrorResponse(error) ? (error.data as { page?: { title?: string } } | undefined)?.page : undefined;
  const site = loaderData ? localized(loaderData.settings.portal.title, loaderData.lang, loaderData.settings.portal.i18n.primaryLang) : "Mentora";
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return [{ title: `${page?.title ?? status} | ${site}` }, { name: "robots", content: "noindex" }];
};

let settingsLoadedAt: number | null = null;

/**
 * Portal settings refresh on navigation, but only if the last load was over 10 s ago (seed 4).
 * After a form submission the default rules apply.
 */
export function shouldRevalidate({ defaultShouldRevalidate, formMethod }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return shouldRefreshSettings(settingsLoadedAt, Date.now());
}

/** Zod reads its global config from here (zod/v4/core); jitless parsers need no eval. */
const ZOD_JITLESS = "globalThis.__zod_globalConfig={jitless:true}";

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const lang = useLang();
  const nonce = useNonce();
  const portal = data?.settings.portal;
  // The language packs this page shipped, then any other one when a screen first needs it (decision 0020).
  const i18n = usePageI18n(lang);
  useEffect(() => {
    settingsLoadedAt = Date.now();
  }, [data]);
  useEffect(() => installChunkReloadGuard(), []);
  // A stable object: the auth provider takes a new one as a newer server truth.
  const initialUser = useMemo(() => data?.user ?? guestUser(), [data?.user]);
  const chromeless = useChromeless();

  return (
    <html lang={lang} dir={dirOf(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before any module runs: zod's parser compiler would probe `new Function`, which the CSP refuses. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
        {portal?.favicon ? <link rel="icon" href={portal.favicon} /> : null}
        {data ? <style dangerouslySetInnerHTML={{ __html: themeStyleText(data.settings.environment.theme) }} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-surface text-ink antialiased">
        <TranslatorContext.Provider value={i18n}>
          <BlockRegistryContext.Provider value={BLOCKS}>
            <ThemeProvider theme={data?.settings.environment.theme}>
              <AuthProvider initial={initialUser}>
                <ConsentProvider initial={data?.consent ?? null}>
                  {data && !chromeless ? <TagManager /> : null}
                  {data ? <ProgressRefreshAfterLogin /> : null}
                  {data ? <ScenarioProvider>{children}</ScenarioProvider> : children}
                </ConsentProvider>
              </AuthProvider>
            </ThemeProvider>
          </BlockRegistryContext.Provider>
        </TranslatorContext.Provider>
        <PacksScript nonce={nonce} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = RootErrorBoundary;
