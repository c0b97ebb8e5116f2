import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { type PolicyCategory, type TPolicy, ZPolicy } from "../../../domain/policy";
import { api, orThrow } from "../../lib/api";
import { queryKeys } from "../../lib/query-client";
import { useBlockRegistry } from "../blocks/block-registry";
import { prepareBlocks } from "../blocks/page-renderer";

export type PolicyState = { status: "loading"; policy: TPolicy | null } | { status: "ready"; policy: TPolicy } | { status: "error"; policy: TPolicy | null };

/** Loads a policy document for the popup; the previous document stays on screen while the next loads. */
export function usePolicy(category: PolicyCategory, lang: string, enabled: boolean): PolicyState {
  const blocks = useBlockRegistry();
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: queryKeys.policy(category, lang),
    queryFn: async ({ signal }) => {
      const policy = await orThrow(api.get(`/api/policies/${encodeURIComponent(category)}?lang=${encodeURIComponent(lang)}`, ZPolicy, signal));
      // The document arrives with its block components and packs, so the popup never shows it half drawn.
      await prepareBlocks(blocks, i18n, policy.page.components ?? []);
      return policy;
    },
    enabled,
    placeholderData: keepPreviousData,
  });
  // The last document shown stays on screen after a failed load too.
  const [shown, setShown] = useState<TPolicy | null>(null);
  useEffect(() => {
    if (query.data) setShown(query.data);
  }, [query.data]);
  useEffect(() => {
    if (query.error) console.error("policy fetch failed", query.error);
  }, [query.error]);
  const policy = query.data ?? shown;
  if (query.isFetching) return { status: "loading", policy };
  if (query.isError) return { status: "error", policy };
  if (query.data) return { status: "ready", policy: query.data };
  return { status: "loading", policy };
}
