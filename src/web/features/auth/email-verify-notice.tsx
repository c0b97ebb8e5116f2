import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useLocation, useNavigate } from "react-router";
import { isSignedIn } from "../../../domain/user";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { useAuth } from "./use-auth";

type Outcome = { kind: "verified"; email: string } | { kind: "failed"; key: string } | null;

/**
 * E-mail verification in the page (docs/decisions/0012): an `emailtoken` in the address (the link of
 * the letter) is taken out of it, sent to the API, and the result shown; a signed-in learner whose
 * address (or new pending address) waits for confirmation sees a notice with a "send again" button.
 */
export function EmailVerifyNotice() {
  const { t, i18n } = useTranslation("shell");
  const { user, refresh } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [resend, setResend] = useState<{ state: "idle" | "busy" | "sent" } | { state: "error"; key: string }>({ state: "idle" });
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const token = params.get("emailtoken");
    if (!token || handled.current === token) return;
    handled.current = token;
    params.delete("emailtoken");
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash }, { replace: true });
    void import("./auth-calls").then(async ({ verifyEmail }) => {
      const res = await verifyEmail(token);
      if (res.ok) {
        setOutcome({ kind: "verified", email: res.data.email });
        await refresh();
      } else {
        const key = res.error.code === "DUPLICATE-EMAIL" ? res.error.key : "emailVerify.failed";
        await loadKeyNamespace(i18n, key);
        setOutcome({ kind: "failed", key });
      }
    });
  }, [location.search, location.pathname, location.hash, navigate, refresh, i18n]);

  const waiting = user.pendingEmail ?? (user.email && !user.emailVerified ? user.email : null);
  const showPrompt = !outcome && !!waiting && (isSignedIn(user) || !!user.pendingEmail);
  if (!outcome && !showPrompt) return null;

  const message = (key: string, params?: Record<string, unknown>) => t(key, { ...params, nsSeparator: key.startsWith("errors:") ? ":" : false });

  return (
    <aside aria-label={t("emailVerify.resend")} className="mx-auto max-w-5xl px-4 pt-3" data-testid="email-verify-notice">
      {outcome?.kind === "verified" ? (
        <div data-testid="email-verified">
          <Alert tone="success" title={message("emailVerify.verified", { email: outcome.email })} />
        </div>
      ) : outcome?.kind === "failed" ? (
        <div data-testid="email-verify-failed">
          <Alert tone="danger" title={message(outcome.key)} />
        </div>
      ) : (
        <Alert tone="info" title={message(user.pendingEmail ? "emailVerify.pendingNotice" : "emailVerify.notice", { email: waiting })}>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={resend.state === "busy" || resend.state === "sent"}
              onClick={async () => {
                setResend({ state: "busy" });
                const { resendEmailVerification } = await import("./auth-calls");
                const res = await resendEmailVerification(i18n.language);
                if (!res.ok) await loadKeyNamespace(i18n, res.error.key);
                setResend(res.ok ? { state: "sent" } : { state: "error", key: res.error.key });
              }}
            >
              {t("emailVerify.resend")}
            </Button>
            <span role="status" className="text-sm">
              {resend.state === "sent" ? t("emailVerify.sent") : resend.state === "error" ? message(resend.key) : ""}
            </span>
          </div>
        </Alert>
      )}
    </aside>
  );
}
