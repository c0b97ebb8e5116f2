import { useMemo } from "react";
import { dirOf } from "../../../../domain/locale";
import type { TDesignerBlock } from "../../../../domain/studio-pages";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/select-field";
import { useTranslation } from "../../../i18n/use-translation";
import { BlockPropsForm } from "../block-props-form";
import { languageName } from "../field-label";
import type { PathIssue } from "../form-value";
import { blockPropsSchema } from "./block-schemas";
import { missingLanguages, missingPrimary } from "./missing-translations";
import { richTextEditors } from "./rich-text-field";

interface BlockPropsColumnsProps {
  block: TDesignerBlock;
  languages: readonly string[];
  primaryLang: string;
  secondLang: string;
  onSecondLang: (lang: string) => void;
  onChange: (lang: string, props: unknown) => void;
  onCopyFromPrimary: (lang: string) => void;
  /** The server's issues of this block by language (a 400 BLOCK-INVALID of the last save). */
  serverIssues?: Readonly<Record<string, readonly PathIssue[]>>;
}

/**
 * The selected block's properties in the primary language and a second one side by side (stacked
 * on narrow screens): one form per language generated from the block type's schema, a mark where a
 * language is missing, and "copy from the primary language" to start a translation.
 */
export function BlockPropsColumns({
  block,
  languages,
  primaryLang,
  secondLang,
  onSecondLang,
  onChange,
  onCopyFromPrimary,
  serverIssues,
}: BlockPropsColumnsProps) {
  const { t, i18n } = useTranslation("studio");
  const missing = missingLanguages(block, languages, primaryLang);
  const others = languages.filter((l) => l !== primaryLang);
  const second = others.includes(secondLang) ? secondLang : others[0];
  return (
    <section aria-labelledby="designer-props-title" className="flex flex-col gap-4" data-testid="designer-props">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="designer-props-title" className="font-title text-lg font-bold text-ink">
          {t("designer.properties", { name: `${t(`blockTypes.${block.type}`)}` })}
        </h2>
        {others.length > 0 ? (
          <SelectField
            label={t("designer.secondLanguage")}
            placeholder={t("choose")}
            options={others.map((l) => ({ value: l, label: languageName(i18n.language, l) }))}
            value={second ?? ""}
            onChange={(e) => e.target.value && onSecondLang(e.target.value)}
            data-testid="designer-second-lang"
          />
        ) : null}
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <LanguageColumn
          block={block}
          lang={primaryLang}
          primary
          missing={missingPrimary(block, primaryLang)}
          onChange={onChange}
          onCopyFromPrimary={onCopyFromPrimary}
          issues={serverIssues?.[primaryLang]}
        />
        {second ? (
          <LanguageColumn
            block={block}
            lang={second}
            primary={false}
            missing={missing.includes(second)}
            onChange={onChange}
            onCopyFromPrimary={onCopyFromPrimary}
            issues={serverIssues?.[second]}
            canCopy={block.props[primaryLang] !== undefined}
          />
        ) : null}
      </div>
    </section>
  );
}

interface LanguageColumnProps {
  block: TDesignerBlock;
  lang: string;
  primary: boolean;
  missing: boolean;
  canCopy?: boolean;
  issues?: readonly PathIssue[];
  onChange: (lang: string, props: unknown) => void;
  onCopyFromPrimary: (lang: string) => void;
}

function LanguageColumn({ block, lang, primary, missing, canCopy, issues, onChange, onCopyFromPrimary }: LanguageColumnProps) {
  const { t, i18n } = useTranslation("studio");
  const language = languageName(i18n.language, lang);
  const schema = useMemo(() => blockPropsSchema(block.type), [block.type]);
  const editors = useMemo(() => richTextEditors(block.type, lang, dirOf(lang)), [block.type, lang]);
  const props = block.props[lang];
  return (
    <div
      className="flex min-w-0 flex-col gap-3 rounded-component border border-line bg-surface p-4"
      dir={dirOf(lang)}
      data-testid="props-column"
      data-lang={lang}
    >
      <div className="flex flex-wrap items-center justify-between gap-2" lang={i18n.language} dir={dirOf(i18n.language)}>
        <h3 className="font-semibold text-ink">{primary ? t("designer.primaryLanguage", { language }) : language}</h3>
        {missing ? (
          <span className="rounded-full bg-danger/10 px-2 py-0.5 text-xs font-semibold text-danger" data-testid="props-missing">
            {t("localized.missingIn", { language })}
          </span>
        ) : null}
        {!primary && canCopy ? (
          <Button variant="outline" size="sm" onClick={() => onCopyFromPrimary(lang)} data-testid="props-copy-primary">
            {t("designer.copyFromPrimary")}
          </Button>
        ) : null}
      </div>
      {props === undefined ? (
        <p className="text-sm text-muted" lang={i18n.language} dir={dirOf(i18n.language)}>
          {t("designer.noPropsInLanguage", { language })}
        </p>
      ) : (
        <BlockPropsForm
          key={`${block.id}-${lang}`}
          schema={schema}
          value={props}
          languages={[lang]}
          label={t("designer.propsIn", { language })}
          onChange={(next) => onChange(lang, next)}
          serverIssues={issues}
          customEditors={editors}
        />
      )}
    </div>
  );
}
