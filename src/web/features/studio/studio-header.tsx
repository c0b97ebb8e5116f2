import { Link, NavLink } from "react-router";
import { mayAuthorPortalSettings } from "../../../domain/studio-policy";
import { Container } from "../../components/ui/container";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { useLang, useRootData } from "../../root-data";
import { BACKOFFICE_LINKS, type StudioLink } from "../backoffice/backoffice-links";
import { LanguageSwitcher } from "../shell/language-switcher";

/** What every author edits; `path` is after /{lang}/studio/ ("" is the courses list). */
const CONTENT_LINKS: readonly StudioLink[] = [
  { path: "", label: "header.courses", testId: "studio-link-courses" },
  { path: "pages", label: "header.pages", testId: "studio-link-pages" },
  { path: "media", label: "header.media", testId: "studio-media-link" },
  { path: "microcourses", label: "header.microcourses", testId: "studio-link-microcourses" },
  { path: "video-events", label: "header.videoEvents", testId: "studio-link-video-events" },
];

function LinkGroup({ id, title, links }: { id: string; title: string; links: readonly StudioLink[] }) {
  const { t } = useTranslation("studio");
  const lang = useLang();
  return (
    <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
      <span id={id} className="min-w-24 text-xs font-semibold tracking-wide text-muted uppercase">
        {title}
      </span>
      <ul aria-labelledby={id} className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {links.map((link) => (
          <li key={link.path}>
            <NavLink
              to={`/${lang}/studio/${link.path}`}
              end={link.path === ""}
              className="font-medium text-ink decoration-2 underline-offset-8 hover:text-primary-strong aria-[current=page]:text-primary-strong aria-[current=page]:underline"
              data-testid={link.testId}
            >
              {t(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The studio's own header (the designer layout has none): its title, the language and the way back to
 * the site, then its screens in two labelled groups (content; the back office, for those who may run it),
 * the current one marked.
 */
export function StudioHeader() {
  const { t } = useTranslation("studio");
  const lang = useLang();
  const root = useRootData();
  const langs = root?.settings.portal.i18n.langs ?? [lang];
  // The back office is for portal-settings authors (src/domain/studio-policy.ts); its links show only to them.
  const backOffice = root && mayAuthorPortalSettings(root.user);
  return (
    <header className="border-b border-line bg-surface">
      <Container className="flex flex-col gap-2 py-3">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <Link to={`/${lang}/studio/`} className="font-title text-xl font-bold text-ink hover:text-primary-strong" data-testid="studio-home">
            {t("header.title")}
          </Link>
          <div className="flex flex-wrap items-center gap-4">
            <LanguageSwitcher langs={langs} current={lang} />
            <Link to={`/${lang}/`} className="inline-flex items-center gap-2 font-medium text-primary-strong hover:underline">
              <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
              {t("header.backToSite")}
            </Link>
          </div>
        </div>
        <nav aria-label={t("header.nav")} className="flex flex-col gap-1">
          <LinkGroup id="studio-nav-content" title={t("header.groupContent")} links={CONTENT_LINKS} />
          {backOffice ? <LinkGroup id="studio-nav-backoffice" title={t("header.groupBackOffice")} links={BACKOFFICE_LINKS} /> : null}
        </nav>
      </Container>
    </header>
  );
}
