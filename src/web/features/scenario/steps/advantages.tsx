import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../../i18n/use-translation";
import { ZPage } from "../../../../domain/page";
import { api } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-client";
import { useBlockRegistry } from "../../blocks/block-registry";
import { PageRenderer, prepareBlocks } from "../../blocks/page-renderer";

export const ADVANTAGES_ALIAS = "advantages";

/**
 * Seed 001 §2: a registration popup shows an advantages section only when the portal page with
 * alias advantages is published. The pages API answers 404 for an unpublished page, so nothing shows.
 */
export function AdvantagesSection({ lang }: { lang: string }) {
  const { t, i18n } = useTranslation("auth");
  const blocks = useBlockRegistry();
  const { data: page } = useQuery({
    queryKey: queryKeys.pageByAlias(ADVANTAGES_ALIAS, lang),
    // Any failure (404 for an unpublished page, offline) shows no section.
    queryFn: async ({ signal }) => {
      const res = await api.get(`/api/pages/by-alias/${ADVANTAGES_ALIAS}?lang=${encodeURIComponent(lang)}&withComponents=true`, ZPage, signal);
      if (!res.ok) return null;
      // The section appears with its block components and packs in.
      await prepareBlocks(blocks, i18n, res.data.components ?? []).catch(() => undefined);
      return res.data;
    },
  });
  if (!page?.published || !page.components?.length) return null;
  return (
    <aside aria-label={t("advantages.label")} className="mb-4 rounded-component bg-surface-alt p-4 text-sm" data-testid="advantages">
      <PageRenderer blocks={page.components} />
    </aside>
  );
}
