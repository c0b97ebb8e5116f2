import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { PAGE_ALIAS_MAX, type TPageRef, type TPageUsage, ZPageAlias } from "../../../../domain/studio-pages";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/text-field";
import { loadKeyNamespace } from "../../../i18n/key-namespace";
import { useTranslation } from "../../../i18n/use-translation";
import { useLang } from "../../../root-data";
import { deletePage, designerHref, pageUsages, renamePage } from "../page-calls";

interface PageActionsProps {
  target: TPageRef;
  /** Unsaved edits: a rename would leave the autosave writing to the old address, so it waits. */
  unsaved: boolean;
}

type Refusal = { message: string; usages: TPageUsage[] } | null;

/** Rename (a new alias) and delete (after a confirmation) of the page the designer has open (docs/decisions/0054). */
export function PageActions({ target, unsaved }: PageActionsProps) {
  const { alias } = target;
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  const [to, setTo] = useState(alias);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<Refusal>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const open = (which: "rename" | "delete") => {
    setTo(alias);
    setFieldError(undefined);
    setRefusal(null);
    setDialog(which);
  };
  const refused = async (error: { key: string; details?: unknown }) => {
    await loadKeyNamespace(i18n, error.key);
    setRefusal({ message: tAny(error.key), usages: pageUsages(error.details) });
  };

  const submitRename = async (e: FormEvent) => {
    e.preventDefault();
    if (!ZPageAlias.safeParse(to).success) return setFieldError(t("lifecycle.aliasRule"));
    setBusy(true);
    const res = await renamePage(target, to);
    setBusy(false);
    if (res.ok) {
      setDialog(null);
      return navigate(designerHref(lang, { kind: target.kind, alias: res.data.alias }), { replace: true });
    }
    await refused(res.error);
  };

  const confirmDelete = async () => {
    setBusy(true);
    const res = await deletePage(target);
    setBusy(false);
    if (res.ok) {
      setDialog(null);
      return navigate(`/${lang}/studio/pages`, { replace: true });
    }
    await refused(res.error);
  };

  const refusalNote = refusal ? (
    <div data-testid="page-action-refused">
      <Alert tone="danger" title={refusal.message}>
        {refusal.usages.length ? (
          <ul className="list-disc ps-5">
            {refusal.usages.map((u) => (
              <li key={`${u.kind}:${u.id}`} data-usage={u.kind}>
                {t(`lifecycle.usage.${u.kind}`, { id: u.id })}
              </li>
            ))}
          </ul>
        ) : null}
      </Alert>
    </div>
  ) : null;

  return (
    <>
      <Button variant="outline" size="sm" disabled={unsaved} onClick={() => open("rename")} data-testid="page-rename">
        {t("lifecycle.rename")}
      </Button>
      <Button variant="outline" size="sm" onClick={() => open("delete")} data-testid="page-delete">
        {t("lifecycle.delete")}
      </Button>
      <Dialog
        open={dialog === "rename"}
        onOpenChange={(o) => (o ? null : setDialog(null))}
        title={t("lifecycle.renameTitle")}
        description={t("lifecycle.renameText", { alias })}
        closeLabel={t("designer.close")}
        width={480}
        initialFocus={field}
      >
        <form className="flex flex-col gap-4" onSubmit={(e) => void submitRename(e)} noValidate data-testid="page-rename-form">
          <TextField
            ref={field}
            label={t("lifecycle.newAlias")}
            hint={t("lifecycle.aliasRule")}
            dir="ltr"
            maxLength={PAGE_ALIAS_MAX}
            value={to}
            error={fieldError}
            onChange={(e) => {
              setTo(e.target.value);
              setFieldError(undefined);
            }}
            data-testid="page-rename-alias"
          />
          {refusalNote}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setDialog(null)}>
              {t("designer.cancel")}
            </Button>
            <Button type="submit" disabled={busy} data-testid="page-rename-confirm">
              {t("lifecycle.renameConfirm")}
            </Button>
          </div>
        </form>
      </Dialog>
      <Dialog
        open={dialog === "delete"}
        onOpenChange={(o) => (o ? null : setDialog(null))}
        title={t("lifecycle.deleteTitle")}
        description={t("lifecycle.deleteText", { alias })}
        closeLabel={t("designer.close")}
        width={480}
      >
        <div className="flex flex-col gap-4">
          {refusalNote}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setDialog(null)}>
              {t("designer.cancel")}
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => void confirmDelete()} data-testid="page-delete-confirm">
              {t("lifecycle.deleteConfirm")}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
