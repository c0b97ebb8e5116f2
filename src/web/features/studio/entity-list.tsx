import { Link } from "react-router";
import { localized } from "../../../domain/localized";
import { Badge } from "../../components/ui/badge";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";

/** A list of studio entities (microcourses, video events) linking to their pages, drafts and hidden ones marked. */
export function EntityList({
  items,
  base,
  primaryLang,
  testId,
}: {
  items: Array<{ id: string; title: Record<string, string>; published: boolean; hidden?: boolean; extra?: string }>;
  base: string;
  primaryLang: string;
  testId: string;
}) {
  const { t } = useTranslation("studio");
  const lang = useLang();
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {items.map((item) => (
        <li key={item.id}>
          <Link
            to={`/${lang}/studio/${base}/${encodeURIComponent(item.id)}`}
            className="flex h-full flex-col gap-2 rounded-component border border-line bg-surface p-4 hover:border-primary"
            data-testid={testId}
            data-id={item.id}
          >
            <span className="flex items-start justify-between gap-3">
              <span className="font-title text-lg font-bold text-ink">{localized(item.title, lang, primaryLang) || item.id}</span>
              <Icon name="arrow-end" className="mt-1 size-4 shrink-0 text-primary-strong rtl:-scale-x-100" />
            </span>
            <span className="text-sm text-muted" dir="auto">
              {t("courses.id", { id: item.id })}
            </span>
            <span className="flex flex-wrap gap-2">
              <Badge tone={item.published ? "success" : "neutral"}>{item.published ? t("courses.published") : t("courses.draft")}</Badge>
              {item.hidden ? <Badge tone="neutral">{t("courses.hidden")}</Badge> : null}
              {item.extra ? <Badge tone="neutral">{item.extra}</Badge> : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
