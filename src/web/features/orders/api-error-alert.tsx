import { Suspense } from "react";
import { Alert } from "../../components/ui/alert";
import { useTranslation } from "../../i18n/use-translation";
import type { ApiError } from "../../lib/api";

function ErrorTitle({ error, children }: { error: ApiError; children?: React.ReactNode }) {
  // An API error's key carries its pack ("errors:codes.X", "auth:errors.network"); the pack is fetched if the page lacks it.
  const at = error.key.indexOf(":");
  const { t } = useTranslation(at > 0 ? error.key.slice(0, at) : "errors");
  return (
    <Alert tone="danger" title={t(at > 0 ? error.key.slice(at + 1) : error.key)}>
      {children}
    </Alert>
  );
}

/** An API error in the learner's language, as an alert. */
export function ApiErrorAlert({ error, children }: { error: ApiError; children?: React.ReactNode }) {
  return (
    <Suspense fallback={null}>
      <ErrorTitle error={error}>{children}</ErrorTitle>
    </Suspense>
  );
}
