import { useEffect, useRef } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { policyPath, TERMS_SCROLL_MS, type PolicyCategory, type TPolicy } from "../../../domain/policy";
import { Button } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { Dropdown } from "../../components/ui/dropdown";
import { Icon } from "../../components/ui/icon";
import { PageRenderer } from "../blocks/page-renderer";

export interface PolicyViewProps {
  policy: TPolicy;
  lang: string;
  /** "route": the list links to /{lang}/{category}/; "popup": the list switches the popup in place. */
  mode: "route" | "popup";
  onSelect(category: PolicyCategory): void;
  /** The visible heading level of the document title: h1 on the page, none in the popup (its title names it). */
  heading?: boolean;
}

/**
 * A policy document with the seed's category dropdown and sticky category list (seed 000 §2.4).
 * After a switch the document's start scrolls into view 50 ms later (seed 000 §9 "terms scroll").
 */
export function PolicyView({ policy, lang, mode, onSelect, heading = false }: PolicyViewProps) {
  const { t } = useTranslation("policy");
  const { t: tShell } = useTranslation("shell");
  const top = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => top.current?.scrollIntoView({ block: "start" }), TERMS_SCROLL_MS);
    return () => clearTimeout(timer);
  }, [policy.category]);

  const label = (c: PolicyCategory) => t(`categories.${c}`);
  const options = policy.categories.map((c) => ({ value: c, label: label(c) }));

  return (
    <div className="grid gap-8 md:grid-cols-[14rem_minmax(0,1fr)]" data-testid="policy-view" data-policy-category={policy.category}>
      <nav aria-label={t("nav.label")} className="hidden md:block">
        {/* Below the site header on the page; at the top of the popup's own scroll area. */}
        <ul className={cn("sticky flex flex-col gap-1 border-s-2 border-line", mode === "route" ? "top-24" : "top-0")} data-testid="policy-list">
          {policy.categories.map((c) => {
            const current = c === policy.category;
            const cls = cn(
              "-ms-0.5 block w-full border-s-2 ps-4 pe-2 py-2 text-start text-sm",
              current ? "border-primary font-semibold text-primary-strong" : "border-transparent text-ink hover:border-line hover:text-primary-strong",
            );
            return (
              <li key={c}>
                {mode === "route" ? (
                  <Link to={policyPath(lang, c)} aria-current={current ? "page" : undefined} className={cls}>
                    {label(c)}
                  </Link>
                ) : (
                  <button type="button" aria-current={current ? "true" : undefined} onClick={() => onSelect(c)} className={cls}>
                    {label(c)}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0">
        <div ref={top} className={mode === "route" ? "scroll-mt-24" : undefined} />
        <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
          {heading ? <h1 className="font-title text-3xl font-bold text-ink sm:text-4xl">{policy.page.title}</h1> : null}
          <Dropdown
            align="start"
            value={policy.category}
            options={options}
            emptyText={tShell("dropdown.empty")}
            onSelect={(v) => onSelect(v as PolicyCategory)}
            trigger={
              <Button variant="outline" size="sm" data-testid="policy-dropdown">
                {t("dropdown.label", { category: label(policy.category) })}
                <Icon name="chevron-down" className="size-4" />
              </Button>
            }
          />
        </div>
        <PageRenderer blocks={policy.page.components ?? []} />
      </div>
    </div>
  );
}
