import { Link } from "react-router";
import { mayAuthorPortalSettings } from "../../../domain/studio-policy";
import { Container } from "../../components/ui/container";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { useLang, useRootData } from "../../root-data";
import { BACKOFFICE_LINKS } from "../backoffice/backoffice-links";
import { LanguageSwitcher } from "../shell/language-switcher";

/** The studio's own header (the designer layout has none): its title, the language and the way back to the site. */
export function StudioHeader() {
  const { t } = useTranslation("studio");
  const lang = useLang();
  const root = useRootData();
  const langs = root?.settings.portal.i18n.langs ?? [lang];
  // The back office is for portal-settings authors (src/domain/studio-policy.ts); its links show only to them.
  const backOffice = root && mayAuthorPortalSettings(root.user) ? BACKOFFICE_LINKS : [];
  return (
    <header className="border-b border-line bg-surface">
      <Container className="flex min-h-16 flex-wrap items-center justify-between gap-4 py-2">
        <Link to={`/${lang}/studio/`} className="font-title text-xl font-bold text-ink hover:text-primary-strong" data-testid="studio-home">
          {t("header.title")}
        </Link>
        <nav aria-label={t("header.nav")} className="flex flex-wrap items-center gap-4">
          <Link to={`/${lang}/studio/`} className="font-medium text-ink hover:text-primary-strong" data-testid="studio-link-courses">
            {t("header.courses")}
          </Link>
          <Link to={`/${lang}/studio/pages`} className="font-medium text-ink hover:text-primary-strong" data-testid="studio-link-pages">
            {t("header.pages")}
          </Link>
          <Link to={`/${lang}/studio/media`} className="font-medium text-ink hover:text-primary-strong" data-testid="studio-media-link">
            {t("header.media")}
          </Link>
          <Link to={`/${lang}/studio/microcourses`} className="font-medium text-ink hover:text-primary-strong" data-testid="studio-link-microcourses">
            {t("header.microcourses")}
          </Link>
          <Link to={`/${lang}/studio/video-events`} className="font-medium text-ink hover:text-primary-strong" data-testid="studio-link-video-events">
            {t("header.videoEvents")}
          </Link>
          {backOffice.map((link) => (
            <Link key={link.path} to={`/${lang}/studio/${link.path}`} className="font-medium text-ink hover:text-primary-strong" data-testid={link.testId}>
              {t(link.label)}
            </Link>
          ))}
          <LanguageSwitcher langs={langs} current={lang} />
          <Link to={`/${lang}/`} className="inline-flex items-center gap-2 font-medium text-primary-strong hover:underline">
            <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
            {t("header.backToSite")}
          </Link>
        </nav>
      </Container>
    </header>
  );
}
