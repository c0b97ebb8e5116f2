import { dirOf } from "../../../domain/locale";
import { Badge } from "../../components/ui/badge";
import { TextField } from "../../components/ui/text-field";
import { languageName } from "./field-label";
import { type FormContext, fieldId, issueText } from "./form-context";
import { pathKey, type ValuePath, withLanguage } from "./form-value";

interface LocalizedFieldProps {
  path: ValuePath;
  value: unknown;
  label: string;
  ctx: FormContext;
}

/**
 * A text per language, every portal language side by side (a column each on wide screens, one under
 * another on phones), each typed in its own direction; a language without a text is marked missing.
 */
export function LocalizedField({ path, value, label, ctx }: LocalizedFieldProps) {
  const texts = (typeof value === "object" && value !== null ? value : {}) as Record<string, string>;
  const error = issueText(ctx, pathKey(path));
  // An emptied translation is a missing one: the key goes, so the page falls back to the primary language.
  const setText = (code: string, text: string) => ctx.set(path, withLanguage(texts, code, text));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-ink">{label}</legend>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-[repeat(auto-fit,minmax(14rem,1fr))]">
        {ctx.languages.map((code) => {
          const name = languageName(ctx.uiLang, code);
          const missing = !texts[code]?.trim();
          return (
            <div key={code} className="flex flex-col gap-1">
              <TextField
                id={`${fieldId(ctx, path)}-${code}`}
                label={name}
                lang={code}
                dir={dirOf(code)}
                value={texts[code] ?? ""}
                onChange={(e) => setText(code, e.target.value)}
              />
              {missing ? (
                <span>
                  <Badge tone="danger">{ctx.t("localized.missingIn", { language: name })}</Badge>
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
      {error ? <p className="text-sm font-medium text-danger">{error}</p> : null}
    </fieldset>
  );
}
