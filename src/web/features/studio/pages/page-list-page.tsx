import { useEffect, useState } from "react";
import { localized } from "../../../../domain/localized";
import { PAGE_TYPES, pageKindOf, type TStudioPageSummary } from "../../../../domain/studio-pages";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Container } from "../../../components/ui/container";
import { Spinner } from "../../../components/ui/spinner";
import { loadKeyNamespace } from "../../../i18n/key-namespace";
import { useTranslation } from "../../../i18n/use-translation";
import { useLang } from "../../../root-data";
import { designerHref, listPages } from "../page-calls";
import { StudioHeader } from "../studio-header";
import { NewPageForm } from "./new-page-form";
import { StudioCard } from "../studio-card";

type ListState = { kind: "loading" } | { kind: "ready"; pages: TStudioPageSummary[] } | { kind: "failed"; key: string };

/** /{lang}/studio/pages (issue 15): every page of the portal by kind (pages, templates, system pages) with its model and state, and a new one. */
export function PageListPage({ primaryLang }: { primaryLang: string }) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const lang = useLang();
  const [state, setState] = useState<ListState>({ kind: "loading" });

  useEffect(() => {
    const abort = new AbortController();
    void listPages(abort.signal).then(async (res) => {
      if (abort.signal.aborted) return;
      if (res.ok) return setState({ kind: "ready", pages: res.data.pages });
      await loadKeyNamespace(i18n, res.error.key);
      setState({ kind: "failed", key: res.error.key });
    });
    return () => abort.abort();
  }, [i18n]);

  return (
    <>
      <StudioHeader />
      <Container className="flex flex-col gap-8 py-8">
        <div className="flex flex-col gap-2" data-testid="studio-pages">
          <h1 className="font-title text-3xl font-bold text-ink">{t("pages.title")}</h1>
          <p className="text-muted">{t("pages.intro")}</p>
        </div>
        {state.kind === "loading" ? (
          <Spinner label={t("pages.loading")} className="size-8" />
        ) : state.kind === "failed" ? (
          <Alert tone="danger" title={t("pages.failed", { reason: tAny(state.key) })} />
        ) : state.pages.length === 0 ? (
          <p className="text-ink">{t("pages.empty")}</p>
        ) : (
          PAGE_TYPES.map((type) => {
            const ofType = state.pages.filter((page) => page.type === type);
            if (!ofType.length) return null;
            return (
              <section key={type} aria-labelledby={`pages-${type}`} className="flex flex-col gap-3">
                <h2 id={`pages-${type}`} className="font-title text-xl font-bold text-ink">
                  {t(`pages.sections.${type}`)}
                </h2>
                <ul className="grid gap-3 md:grid-cols-2" data-testid={type === "page" ? "studio-page-list" : `studio-page-list-${type}`}>
                  {ofType.map((page) => (
                    <StudioCard
                      key={page.alias}
                      to={designerHref(lang, { kind: pageKindOf(page.type), alias: page.alias })}
                      title={localized(page.title, lang, primaryLang) || page.alias}
                      address={t("pages.alias", { alias: page.alias })}
                      attrs={{ "data-testid": "studio-page", "data-alias": page.alias, "data-type": page.type }}
                    >
                      {page.model ? <Badge tone="neutral">{t(`pages.model.${page.model.name}`, { id: page.model.id })}</Badge> : null}
                      {page.type !== "page" ? null : page.published ? (
                        <Badge tone="success">{t("pages.published")}</Badge>
                      ) : (
                        <Badge tone="neutral">{t("pages.unpublished")}</Badge>
                      )}
                      {page.hasDraft ? <Badge tone="primary">{t("pages.draft")}</Badge> : null}
                    </StudioCard>
                  ))}
                </ul>
              </section>
            );
          })
        )}
        <NewPageForm primaryLang={primaryLang} />
      </Container>
    </>
  );
}
