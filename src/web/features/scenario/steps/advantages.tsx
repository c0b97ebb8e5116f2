import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TPage } from "../../../../domain/page";
import { PageRenderer } from "../../blocks/page-renderer";

export const ADVANTAGES_ALIAS = "advantages";

/**
 * Seed 001 §2: a registration popup shows an advantages section only when the portal page with
 * alias advantages is published. The pages API answers 404 for an unpublished page, so nothing shows.
 */
export function AdvantagesSection({ lang }: { lang: string }) {
  const { t } = useTranslation("auth");
  const [page, setPage] = useState<TPage | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/pages/by-alias/${ADVANTAGES_ALIAS}?lang=${encodeURIComponent(lang)}&withComponents=true`, { signal: controller.signal })
      .then(async (res) => {
        if (res.ok) return setPage((await res.json()) as TPage);
        // An unread body keeps the response open (a no-store reply is not drained into the cache).
        await res.body?.cancel();
        setPage(null);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [lang]);
  if (!page?.published || !page.components?.length) return null;
  return (
    <aside aria-label={t("advantages.label")} className="mb-4 rounded-component bg-surface-alt p-4 text-sm" data-testid="advantages">
      <PageRenderer blocks={page.components} />
    </aside>
  );
}
