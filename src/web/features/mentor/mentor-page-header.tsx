import { Link } from "react-router";
import { Icon, type IconName } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";

/** The title of a mentors' page beside the inbox (reviews, discussions) and the way back to the inbox. */
export function MentorPageHeader({ icon, title }: { icon: IconName; title: string }) {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  return (
    <header className="flex flex-wrap items-center justify-between gap-4">
      <h1 className="flex items-center gap-3 font-title text-3xl font-bold text-ink">
        <Icon name={icon} className="size-7 text-primary-strong" />
        {title}
      </h1>
      <Link to={`/${lang}/mentor/`} className="inline-flex items-center gap-2 font-medium text-primary-strong hover:underline">
        <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
        {t("reviews.backToInbox")}
      </Link>
    </header>
  );
}
