import { useEffect, useState } from "react";
import type { TLanguagePackGap } from "../../../../domain/backoffice-settings";
import { Badge } from "../../../components/ui/badge";
import { Card } from "../../../components/ui/card";
import { useTranslation } from "../../../i18n/use-translation";
import { languageName } from "../../studio/field-label";
import { getLanguagePackGap } from "./settings-calls";

/**
 * For each language of the (unsaved) list but the primary one: how many of the primary language's
 * pack keys it lacks, and which. A language added in the form is asked for at once. The public site
 * shows a missing key in English, the platform's fallback pack (decision 0058).
 */
export function LanguageGaps({ langs, primaryLang, known }: { langs: readonly string[]; primaryLang: string; known: readonly TLanguagePackGap[] }) {
  const { t, i18n } = useTranslation("backoffice");
  const [gaps, setGaps] = useState<Record<string, TLanguagePackGap>>(() => Object.fromEntries(known.map((g) => [g.lang, g])));
  const wanted = langs.filter((l) => l !== primaryLang && /^[a-z]{2,3}(-[A-Za-z0-9]{2,4})?$/.test(l));
  const key = `${primaryLang}|${wanted.join(",")}`;

  useEffect(() => {
    const abort = new AbortController();
    const list = key.split("|")[1];
    for (const lang of list ? list.split(",") : []) {
      void getLanguagePackGap(lang, abort.signal).then((res) => {
        if (res.ok) setGaps((g) => ({ ...g, [lang]: res.data }));
      });
    }
    return () => abort.abort();
  }, [key]);

  return (
    <Card as="div" className="flex flex-col gap-3">
      <h2 className="font-title text-lg font-bold text-ink">{t("settings.portal.packsTitle")}</h2>
      <p className="text-sm text-muted">{t("settings.portal.packsHint", { primary: languageName(i18n.language, primaryLang) })}</p>
      <ul className="flex flex-col gap-2" data-testid="language-gaps">
        {wanted.map((lang) => {
          const gap = gaps[lang];
          return (
            <li key={lang} data-testid={`language-gap-${lang}`} data-missing={gap?.missingCount}>
              <details>
                <summary className="cursor-pointer">
                  <span className="font-medium">{languageName(i18n.language, lang)}</span> ({lang}){" "}
                  {!gap ? (
                    <span className="text-muted">{t("settings.portal.packsLoading")}</span>
                  ) : gap.missingCount === 0 ? (
                    <Badge tone="success">{t("settings.portal.packComplete")}</Badge>
                  ) : (
                    <Badge tone="danger">
                      {gap.hasPack
                        ? t("settings.portal.packMissing", { count: gap.missingCount, total: gap.total })
                        : t("settings.portal.packNone", { total: gap.total })}
                    </Badge>
                  )}
                </summary>
                {gap && gap.missing.length > 0 ? (
                  <ul className="mt-2 max-h-48 overflow-auto ps-4 font-mono text-xs" dir="ltr">
                    {gap.missing.map((k) => (
                      <li key={k}>{k}</li>
                    ))}
                  </ul>
                ) : null}
              </details>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
