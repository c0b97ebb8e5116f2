import { useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { useAuth } from "../../auth/use-auth";
import type { StepProps } from "./step-props";
import { ZUser } from "../../../../domain/user-schema";
import { ErrorNotices, StepIntro, useStepRequest } from "./shared";

/**
 * user-terminate-by-email / -by-messenger: after proving who they are (the login step of the
 * scenario), the learner asks to delete their account on this portal. The server keeps a deletion
 * mark ('bo:' profile id) that signing in again removes, so the request can be taken back.
 */
export function UserTerminateStep({ engine }: StepProps) {
  const { t } = useTranslation("auth");
  const { latest, signOut } = useAuth();
  const [sure, setSure] = useState(false);
  const { error, send } = useStepRequest(engine);

  async function terminate() {
    const res = await send("/api/users/me/deletion", ZUser, { id: `bo:${latest().id}` }, "PUT");
    if (!res.ok) return;
    await signOut();
    await engine.next("user-terminated");
  }

  return (
    <div className="flex flex-col gap-3" data-testid="user-terminate">
      <StepIntro text={t("terminate.description")} />
      <ErrorNotices error={error} />
      <Checkbox label={t("terminate.confirm")} checked={sure} onChange={(e) => setSure(e.target.checked)} />
      <div className="flex flex-wrap gap-3">
        <Button variant="danger" disabled={!sure} onClick={() => void terminate()}>
          {t("terminate.submit")}
        </Button>
        <Button variant="ghost" onClick={() => engine.close()}>
          {t("terminate.cancel")}
        </Button>
      </div>
    </div>
  );
}

export function UserTerminatedStep({ engine }: StepProps) {
  const { t } = useTranslation("auth");
  return (
    <div className="flex flex-col items-center gap-4 text-center" data-testid="user-terminated">
      <p className="text-ink">{t("terminate.done")}</p>
      <Button onClick={() => engine.finalize()}>{t("success.continue")}</Button>
    </div>
  );
}
