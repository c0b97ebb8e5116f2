import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link, useLocation } from "react-router";
import type { TNavigationItem } from "../../../domain/portal";
import { localized, pickLogo } from "../../../domain/localized";
import { Container } from "../../components/ui/container";
import { Icon } from "../../components/ui/icon";
import { useLang, useRootData } from "../../root-data";
import { AccountButton } from "../auth/account-button";
import { LanguageSwitcher } from "./language-switcher";

export const DEFAULT_LOGO = "/brand/logo-default.svg";

function navHref(item: TNavigationItem, lang: string): string {
  if (item.link && /^https?:\/\//.test(item.link)) return item.link;
  const path = item.link ?? `/${item.alias ?? ""}`;
  return `/${lang}${path.startsWith("/") ? path : `/${path}`}`.replace(/\/+$/, "/").replace(`/${lang}//`, `/${lang}/`);
}

/** Seed 2.2 main layout header: logo (plain on the root path), navigation, language dropdown. */
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
  const items = environment.navigation.filter((n) => n.published && !n.hidden);
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
          <ul className="flex flex-col gap-1 md:flex-row md:items-center md:gap-2">
            {items.map((item) => {
              const href = navHref(item, lang);
              const external = /^https?:\/\//.test(href);
              const label = localized(item.title, lang, primary);
              return (
                <li key={item.id}>
                  {external ? (
                    <a
                      href={href}
                      target={item.openInNewTab ? "_blank" : undefined}
                      rel={item.openInNewTab ? "noopener noreferrer" : undefined}
                      className="block rounded-xl px-3 py-2 font-medium text-ink hover:bg-primary-soft"
                    >
                      {label}
                    </a>
                  ) : (
                    <Link
                      to={href}
                      target={item.openInNewTab ? "_blank" : undefined}
                      className="block rounded-xl px-3 py-2 font-medium text-ink hover:bg-primary-soft"
                      onClick={() => setMenuOpen(false)}
                    >
                      {label}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
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
