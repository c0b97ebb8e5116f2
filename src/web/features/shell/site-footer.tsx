import { useTranslation } from "../../i18n/use-translation";
import { localized } from "../../../domain/localized";
import { Container } from "../../components/ui/container";
import { Icon } from "../../components/ui/icon";
import { useLang, useRootData } from "../../root-data";
import { useConsent } from "../consent/use-consent";

export function SiteFooter() {
  const data = useRootData();
  const lang = useLang();
  const { t } = useTranslation("shell");
  const { reopen } = useConsent();
  if (!data) return null;
  const { portal, environment } = data.settings;
  const { contacts, socials } = environment;
  return (
    // The bottom padding is the floating rail's room (floating-rail.tsx), so it never covers the last links.
    <footer className="mt-16 border-t border-line bg-surface-alt pb-[var(--rail-clearance,0px)]">
      <Container className="flex flex-col gap-6 py-10 md:flex-row md:items-start md:justify-between">
        <div>
          <p className="font-title text-lg font-bold text-ink">{localized(portal.title, lang, portal.i18n.primaryLang)}</p>
          <p className="mt-1 text-sm text-muted">{t("footer.tagline")}</p>
        </div>
        <div className="flex flex-col gap-2 text-sm">
          <h2 className="font-semibold text-ink">{t("footer.contacts")}</h2>
          {contacts.email ? (
            <a href={`mailto:${contacts.email}`} className="inline-flex items-center gap-2 text-ink hover:underline">
              <Icon name="mail" className="size-4" /> {contacts.email}
            </a>
          ) : null}
          {contacts.phone ? (
            <a href={`tel:${contacts.phone.replace(/\s/g, "")}`} className="inline-flex items-center gap-2 text-ink hover:underline" dir="ltr">
              <Icon name="phone" className="size-4" /> {contacts.phone}
            </a>
          ) : null}
        </div>
        <div className="flex flex-col gap-2 text-sm">
          <h2 className="font-semibold text-ink">{t("footer.follow")}</h2>
          <ul className="flex flex-wrap gap-3">
            {socials.map((s) => (
              <li key={s.network}>
                <a href={s.url} rel="noopener noreferrer" target="_blank" className="text-ink capitalize hover:underline">
                  {t(`footer.social.${s.network}`, { defaultValue: s.network })}
                </a>
              </li>
            ))}
          </ul>
          <button type="button" onClick={reopen} className="mt-2 self-start text-ink underline">
            {t("cookies.settings")}
          </button>
        </div>
      </Container>
    </footer>
  );
}
