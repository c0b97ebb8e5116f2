import { useState } from "react";
import { useNavigate } from "react-router";
import type { TPageModelRef } from "../../../domain/studio-pages";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { modelPage } from "./page-calls";

/**
 * Opens the page designer on a course's landing page or an element's blocks, making the page first
 * when the model has none (titled like the model).
 */
export function ModelPageButton({ model, title, label, testId }: { model: TPageModelRef; title: Record<string, string>; label: string; testId: string }) {
  const { i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    setBusy(true);
    setError(null);
    const res = await modelPage(model, title);
    if (res.ok) return navigate(`/${lang}/studio/pages/${encodeURIComponent(res.data)}`);
    setBusy(false);
    await loadKeyNamespace(i18n, res.error.key);
    setError(tAny(res.error.key));
  };

  return (
    <span className="inline-flex flex-col gap-1">
      <Button variant="outline" size="sm" disabled={busy} onClick={() => void open()} data-testid={testId}>
        <Icon name="list" className="size-4" />
        {label}
      </Button>
      {error ? (
        <span role="alert" className="text-sm font-medium text-danger">
          {error}
        </span>
      ) : null}
    </span>
  );
}
