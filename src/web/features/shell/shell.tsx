import { useTranslation } from "../../i18n/use-translation";
import { Container } from "../../components/ui/container";
import { CookieNotice } from "./cookie-notice";
import { CustomScripts } from "./custom-scripts";
import { FloatingRail, type RailButton } from "./floating-rail";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The page frame shared by the main, default and error layouts; a layout may add buttons to the floating rail (the default layout's chat). */
export function Shell({ children, wide = false, rail }: { children: React.ReactNode; wide?: boolean; rail?: RailButton[] }) {
  const { t } = useTranslation("shell");
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded-xl focus:bg-surface focus:px-4 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      {/* Early in the tab order (issue 28): an undecided visitor meets the notice right after the skip
          link, not after every link of the header, page and footer. It is fixed, so it still shows at the bottom. */}
      <CookieNotice />
      <SiteHeader />
      <main id="main" className="flex-1 py-10">
        {wide ? children : <Container>{children}</Container>}
      </main>
      <SiteFooter />
      <FloatingRail extra={rail} />
      <CustomScripts />
    </div>
  );
}
