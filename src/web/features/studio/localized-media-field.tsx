import { MediaUrlField } from "../media/media-url-field";
import type { TMediaKind } from "../../../domain/media";
import { languageName } from "./field-label";
import { type FormContext, fieldId, issueText } from "./form-context";
import { pathKey, type ValuePath, withLanguage } from "./form-value";

interface LocalizedMediaFieldProps {
  path: ValuePath;
  value: unknown;
  label: string;
  kind: TMediaKind;
  ctx: FormContext;
}

/**
 * A file per language over a default one (a course's covers, decision 0062): every portal language side
 * by side like a localized text, each with the media picker and upload of any media field; a language
 * without its own file says it uses the default. Clearing a language's file removes its key.
 */
export function LocalizedMediaField({ path, value, label, kind, ctx }: LocalizedMediaFieldProps) {
  const urls = (typeof value === "object" && value !== null ? value : {}) as Record<string, string>;
  const error = issueText(ctx, pathKey(path));
  const name = String(path[path.length - 1] ?? "");
  return (
    <fieldset className="flex flex-col gap-2" data-testid={`localized-media-${path.join("-")}`}>
      <legend className="mb-2 text-sm font-semibold text-ink">{label}</legend>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-[repeat(auto-fit,minmax(14rem,1fr))]">
        {ctx.languages.map((code) => {
          const own = Boolean(urls[code]);
          const language = languageName(ctx.uiLang, code);
          // Written per field with the language in it (studio:localizedMedia.byField.<name>); the file picker's own names otherwise.
          const written = (key: string) => ctx.t(`localizedMedia.byField.${name}.${key}`, { language, defaultValue: "" });
          const names = written("choose")
            ? { choose: written("choose"), clear: written("clear"), preview: written("preview"), pickerTitle: written("pickerTitle") }
            : undefined;
          return (
            <div key={code} data-lang={code} data-uses-default={own ? undefined : "true"}>
              <MediaUrlField
                id={`${fieldId(ctx, path)}-${code}`}
                label={language}
                names={names}
                kind={kind}
                value={urls[code] ?? ""}
                onChange={(url) => ctx.set(path, withLanguage(urls, code, url))}
                hint={own ? undefined : ctx.t("localizedMedia.usesDefault")}
                error={issueText(ctx, pathKey([...path, code]))}
              />
            </div>
          );
        })}
      </div>
      {error ? <p className="text-sm font-medium text-danger">{error}</p> : null}
    </fieldset>
  );
}
