import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link, useLocation } from "react-router";
import { localized, pickLogo } from "../../../domain/localized";
import { Container } from "../../components/ui/container";
import { Icon } from "../../components/ui/icon";
import { useLang, useRootData } from "../../root-data";
import { AccountButton } from "../auth/account-button";
import { HeaderNav } from "./header-nav";
import { headerNavigation } from "./header-nav-model";
import { LanguageSwitcher } from "./language-switcher";

export const DEFAULT_LOGO = "/brand/logo-default.svg";

/**
 * Seed 2.2 main layout header: logo (plain on the root path), navigation, language dropdown. The
 * navigation is the whole published tree: items with children open menus (header-menu.tsx).
 */
export function SiteHeader() {
  const data = useRootData();
  const lang = useLang();
  const { t } = useTranslation("shell");
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  if (!data) return null;
  const { portal, environment } = data.settings;
  const primary = portal.i18n.primaryLang;
  const title = localized(portal.title, lang, primary);
  const logo = pickLogo(environment.logo, lang, primary, DEFAULT_LOGO);
  const onRoot = location.pathname === `/${lang}/` || location.pathname === `/${lang}`;
  const items = headerNavigation(environment.navigation, lang, primary);
  const logoImg = <img src={logo} alt={title} className="h-9 w-auto" width={160} height={36} data-testid="logo" />;

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      <Container className="flex h-16 items-center justify-between gap-4">
        {onRoot ? (
          <span className="flex items-center">{logoImg}</span>
        ) : (
          <Link to={`/${lang}/`} className="flex items-center" aria-label={t("header.home", { title })}>
            {logoImg}
          </Link>
        )}
        <nav
          aria-label={t("header.navigation")}
          className={menuOpen ? "absolute inset-x-0 top-16 border-b border-line bg-surface p-4 md:static md:border-0 md:p-0" : "hidden md:block"}
        >
          <HeaderNav entries={items} onNavigate={() => setMenuOpen(false)} />
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher langs={portal.i18n.langs} current={lang} />
          <AccountButton />
          {items.length > 0 ? (
            <button
              type="button"
              className="inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-surface-alt md:hidden"
              aria-expanded={menuOpen}
              aria-label={menuOpen ? t("header.closeMenu") : t("header.openMenu")}
              onClick={() => setMenuOpen((v) => !v)}
            >
              <Icon name={menuOpen ? "close" : "menu"} />
            </button>
          ) : null}
        </div>
      </Container>
    </header>
  );
}
