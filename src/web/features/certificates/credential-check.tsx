import { useId, useState } from "react";
import type { TCredentialVerdict } from "../../../domain/certificate";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextArea } from "../../components/ui/text-area";
import { useTranslation } from "../../i18n/use-translation";

/** Checks an Open Badges credential pasted by anyone: our signature, and the certificate's state now. */
export function CredentialCheck() {
  const { t } = useTranslation("certificates");
  const headingId = useId();
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const [verdict, setVerdict] = useState<TCredentialVerdict | null>(null);

  async function check(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    // Loaded when used: the page itself needs no zod schemas (docs/decisions/0020-lean-client.md).
    const { checkCredential } = await import("./certificate-calls");
    const res = await checkCredential(value.trim());
    setBusy(false);
    setVerdict(res.ok ? res.data : { genuine: false, number: null, status: null });
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="credential-check">
      <h2 id={headingId} className="font-title text-xl font-bold text-ink">
        {t("page.check.heading")}
      </h2>
      <form className="flex flex-col gap-3" onSubmit={(e) => void check(e)}>
        <TextArea
          label={t("page.check.label")}
          hint={t("page.check.hint")}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          rows={3}
          dir="ltr"
          spellCheck={false}
          required
          data-testid="credential-input"
        />
        <Button type="submit" variant="outline" className="self-start" disabled={busy || !value.trim()} data-testid="credential-submit">
          {t("page.check.submit")}
        </Button>
      </form>
      {verdict ? (
        <div data-testid="credential-verdict" data-genuine={verdict.genuine}>
          {verdict.genuine ? (
            <Alert tone="success">
              <p>{t("page.check.genuine", { number: verdict.number })}</p>
              <p>{t("page.check.stateNow", { status: t(`statusLabel.${verdict.status}`) })}</p>
            </Alert>
          ) : (
            <Alert tone="danger">
              <p>{t("page.check.notGenuine")}</p>
            </Alert>
          )}
        </div>
      ) : null}
    </section>
  );
}
