import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { PolicyCategory } from "../../../domain/policy";
import { Alert } from "../../components/ui/alert";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { QueryScope } from "../../lib/query-client";
import { useLang } from "../../root-data";
import { PolicyView } from "./policy-view";
import { usePolicy } from "./use-policy";

/** The terms popup (seed 000 §2.4, type default): the same document, dropdown and list as the page, switching in place. */
export function PolicyPopup(props: { open: boolean; onOpenChange(open: boolean): void; category: PolicyCategory }) {
  return (
    <QueryScope>
      <PolicyDialog {...props} />
    </QueryScope>
  );
}

function PolicyDialog({ open, onOpenChange, category }: { open: boolean; onOpenChange(open: boolean): void; category: PolicyCategory }) {
  const { t } = useTranslation("policy");
  const lang = useLang();
  const [current, setCurrent] = useState(category);
  useEffect(() => {
    if (open) setCurrent(category);
  }, [open, category]);
  const state = usePolicy(current, lang, open);
  const policy = state.policy;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={policy?.page.title ?? t("popup.title")} closeLabel={t("popup.close")} width={880}>
      <div data-testid="policy-popup" aria-busy={state.status === "loading" || undefined}>
        {state.status === "error" ? <Alert tone="danger" title={t("popup.error")} /> : null}
        {policy ? (
          <PolicyView policy={policy} lang={lang} mode="popup" onSelect={setCurrent} />
        ) : state.status === "loading" ? (
          <div className="flex justify-center py-10">
            <Spinner label={t("popup.loading")} />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
