import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { MANAGED_ROLES, type TManagedRole, type TPersonDetail } from "../../../../domain/people";
import { mayActOn } from "../../../../domain/people-policy";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { Dialog } from "../../../components/ui/dialog";
import { loadKeyNamespace } from "../../../i18n/key-namespace";
import { useTranslation } from "../../../i18n/use-translation";
import type { ApiResult } from "../../../lib/api";
import { useLang, useRootData } from "../../../root-data";
import { blockPerson, deletePerson, exportHref, sendPasswordReset, setRoles, unblockPerson } from "./people-calls";

type Notice = { tone: "success" | "danger"; text: string } | null;

/** Roles, block, reset link, export and deletion of one person; each answer is announced where the buttons are. */
export function PersonActions({ person, selfId }: { person: TPersonDetail; selfId: string }) {
  const { t, i18n } = useTranslation("backoffice");
  const { t: tAny } = useTranslation();
  const lang = useLang();
  const root = useRootData();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const actor = root?.user;
  const isAdmin = !!actor?.roles.includes("admin");
  const may = !!actor && mayActOn(actor, person);
  const [roles, setChosen] = useState<TManagedRole[]>(MANAGED_ROLES.filter((r) => person.roles.includes(r)));
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState(false);

  async function run<T>(call: () => Promise<ApiResult<T>>, done: string): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setNotice(null);
    const res = await call();
    setBusy(false);
    if (!res.ok) {
      await loadKeyNamespace(i18n, res.error.key);
      setNotice({ tone: "danger", text: tAny(res.error.key) });
      return false;
    }
    setNotice({ tone: "success", text: t(done) });
    return true;
  }
  const toggle = (role: TManagedRole, on: boolean) => setChosen((now) => MANAGED_ROLES.filter((r) => (r === role ? on : now.includes(r))));

  const saveRoles = async () => {
    if (await run(() => setRoles(person.id, roles), "users.rolesSaved")) await revalidate();
  };
  const toggleBlock = async () => {
    const ok = person.blocked ? await run(() => unblockPerson(person.id), "users.unblockedDone") : await run(() => blockPerson(person.id), "users.blockedDone");
    if (ok) await revalidate();
  };
  const reset = () => run(() => sendPasswordReset(person.id), "users.resetSent");
  const remove = async () => {
    setConfirming(false);
    if (await run(() => deletePerson(person.id), "users.deleted")) await navigate(`/${lang}/studio/users`);
  };

  return (
    <Card className="flex flex-col gap-5 p-5">
      <fieldset disabled={!may || busy}>
        <legend className="font-title text-lg font-bold text-ink">{t("users.roles")}</legend>
        <div className="mt-3 flex flex-wrap gap-x-6 gap-y-3">
          {MANAGED_ROLES.map((role) => (
            <Checkbox
              key={role}
              name="roles"
              value={role}
              label={t(`users.role.${role}`)}
              checked={roles.includes(role)}
              disabled={role === "admin" && !isAdmin}
              onChange={(e) => toggle(role, e.currentTarget.checked)}
              data-testid={`role-${role}`}
            />
          ))}
        </div>
        <Button className="mt-4" variant="gradient" onClick={saveRoles} data-testid="save-roles">
          {t("users.saveRoles")}
        </Button>
      </fieldset>
      <div className="flex flex-wrap gap-3 border-t border-line pt-5">
        {person.id !== selfId ? (
          <Button variant={person.blocked ? "outline" : "danger"} onClick={toggleBlock} disabled={!may || busy} data-testid="toggle-block">
            {t(person.blocked ? "users.unblock" : "users.block")}
          </Button>
        ) : null}
        <Button variant="outline" onClick={reset} disabled={!may || busy || !person.email} data-testid="send-reset">
          {t("users.resetPassword")}
        </Button>
        <a href={exportHref(person.id)} download className={buttonClass("outline", "md")} data-testid="export-person">
          {t("users.export")}
        </a>
        {person.id !== selfId ? (
          <Button variant="danger" onClick={() => setConfirming(true)} disabled={!may || busy} data-testid="delete-person">
            {t("users.delete")}
          </Button>
        ) : null}
      </div>
      <div aria-live="polite" data-testid="person-notice">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming} title={t("users.deleteTitle")} description={t("users.deleteText")} closeLabel={t("users.close")}>
        <div className="flex flex-wrap justify-end gap-3 p-5">
          <Button variant="outline" onClick={() => setConfirming(false)}>
            {t("users.cancel")}
          </Button>
          <Button variant="danger" onClick={remove} data-testid="confirm-delete">
            {t("users.deleteConfirm")}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
