import { useState } from "react";
import { IMPORT_FORMATS, IMPORT_MAX_CHARS, type TImportFormat } from "../../../../domain/assessment/import";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/select-field";
import { loadKeyNamespace } from "../../../i18n/key-namespace";
import { useTranslation } from "../../../i18n/use-translation";
import { languageName } from "../field-label";
import { importTest } from "../studio-calls";

type ImportState = { kind: "idle" } | { kind: "busy" } | { kind: "done"; count: number } | { kind: "failed"; reason: string; lines: string[] };

/**
 * Questions from a CSV or GIFT (Moodle) file, through the assessments import (all lines valid or
 * nothing imported). Only offered without unsaved edits: the import changes the stored test, and the
 * editor then reloads it.
 */
export function TestImport({
  elementId,
  languages,
  uiLang,
  disabled,
  onImported,
}: {
  elementId: string;
  languages: readonly string[];
  uiLang: string;
  disabled: boolean;
  onImported: () => void;
}) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const [format, setFormat] = useState<TImportFormat>("csv");
  const [mode, setMode] = useState<"append" | "replace">("append");
  const [lang, setLang] = useState(languages[0] ?? uiLang);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<ImportState>({ kind: "idle" });
  const id = `test-import-${elementId}`;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!file || state.kind === "busy") return;
    const text = await file.text();
    if (text.length > IMPORT_MAX_CHARS) return setState({ kind: "failed", reason: t("questions.importTooBig"), lines: [] });
    setState({ kind: "busy" });
    const res = await importTest(elementId, { format, text, lang, mode });
    if (res.ok) {
      setState({ kind: "done", count: res.data.imported });
      onImported();
      return;
    }
    await loadKeyNamespace(i18n, res.error.key);
    const details = res.error.details as { errors?: Array<{ line: number; message: string }> } | undefined;
    const lines = (details?.errors ?? []).map((l) => t("questions.importLine", { line: l.line, message: l.message }));
    setState({ kind: "failed", reason: tAny(res.error.key), lines });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 border-t border-line pt-4" data-testid="test-import" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="font-title text-lg font-bold text-ink">
        {t("questions.import")}
      </h4>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        <SelectField
          label={t("questions.importFormat")}
          placeholder={t("questions.importFormat")}
          value={format}
          onChange={(e) => e.target.value && setFormat(e.target.value as TImportFormat)}
          options={IMPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
        />
        <SelectField
          label={t("questions.importMode")}
          placeholder={t("questions.importMode")}
          value={mode}
          onChange={(e) => e.target.value && setMode(e.target.value as "append" | "replace")}
          options={(["append", "replace"] as const).map((m) => ({ value: m, label: t(`questions.importModes.${m}`) }))}
        />
        <SelectField
          label={t("questions.importLang")}
          placeholder={t("questions.importLang")}
          value={lang}
          onChange={(e) => e.target.value && setLang(e.target.value)}
          options={languages.map((code) => ({ value: code, label: languageName(uiLang, code) }))}
        />
      </div>
      <label htmlFor={`${id}-file`} className="font-medium text-ink">
        {t("questions.importFile")}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".csv,.txt,.gift,text/csv,text/plain"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        data-testid="test-import-file"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="outline" disabled={disabled || !file || state.kind === "busy"} data-testid="test-import-submit">
          {t("questions.importButton")}
        </Button>
        <p role="status" className={state.kind === "failed" ? "font-medium text-danger" : "text-muted"} data-testid="test-import-state">
          {disabled
            ? t("questions.importNeedsSave")
            : state.kind === "done"
              ? t("questions.imported", { count: state.count })
              : state.kind === "failed"
                ? t("questions.importFailed", { reason: state.reason })
                : ""}
        </p>
      </div>
      {state.kind === "failed" && state.lines.length > 0 ? (
        <ul className="list-disc ps-6 text-sm text-danger">
          {state.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
