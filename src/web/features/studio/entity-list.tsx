import { localized } from "../../../domain/localized";
import { Badge } from "../../components/ui/badge";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { StudioCard } from "./studio-card";

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
        <StudioCard
          key={item.id}
          to={`/${lang}/studio/${base}/${encodeURIComponent(item.id)}`}
          title={localized(item.title, lang, primaryLang) || item.id}
          address={t("courses.id", { id: item.id })}
          attrs={{ "data-testid": testId, "data-id": item.id }}
        >
          <Badge tone={item.published ? "success" : "neutral"}>{item.published ? t("courses.published") : t("courses.draft")}</Badge>
          {item.hidden ? <Badge tone="neutral">{t("courses.hidden")}</Badge> : null}
          {item.extra ? <Badge tone="neutral">{item.extra}</Badge> : null}
        </StudioCard>
      ))}
    </ul>
  );
}
