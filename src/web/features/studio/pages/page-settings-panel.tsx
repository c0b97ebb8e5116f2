import { useId, useState } from "react";
import { dirOf } from "../../../../domain/locale";
import {
  PAGE_DESCRIPTION_MAX,
  PAGE_KEYWORDS_MAX,
  PAGE_TEMPLATE_MAX,
  PAGE_TITLE_MAX,
  type TPageDocument,
  type TPageMeta,
  type TPageType,
} from "../../../../domain/studio-pages";
import { Checkbox } from "../../../components/ui/checkbox";
import { tabPanelProps, Tabs } from "../../../components/ui/tabs";
import { TextArea } from "../../../components/ui/text-area";
import { TextField } from "../../../components/ui/text-field";
import { useTranslation } from "../../../i18n/use-translation";
import { MediaUrlField } from "../../media/media-url-field";
import { languageName } from "../field-label";
import type { PageSettings } from "./document-edits";

interface PageSettingsPanelProps {
  type: TPageType;
  /** Whether the page belongs to a course, element or microcourse: then its model decides who reads it. */
  bound: boolean;
  document: TPageDocument;
  languages: readonly string[];
  primaryLang: string;
  onMeta: (lang: string, meta: TPageMeta | null) => void;
  onSettings: (settings: Partial<PageSettings>) => void;
}

const EMPTY_META: TPageMeta = { title: "", description: null, keywords: null, image: null };

/**
 * The page's settings: its kind (shown, set when the page was made), its meta per language (title,
 * description, keywords, image), template, noindex and published. Templates and system pages are
 * always served (pages service), so they have no "published" switch; nor has the page of a course,
 * element or microcourse, which readers see whenever they may read its model (publishing writes it
 * published, issue 28).
 */
export function PageSettingsPanel({ type, bound, document, languages, primaryLang, onMeta, onSettings }: PageSettingsPanelProps) {
  const { t, i18n } = useTranslation("studio");
  const [lang, setLang] = useState(primaryLang);
  const idPrefix = useId();
  const meta = document.meta[lang] ?? EMPTY_META;
  const dir = dirOf(lang);
  const set = (patch: Partial<TPageMeta>) => {
    const next = { ...meta, ...patch };
    const blank = !next.title && !next.description && !next.keywords && !next.image;
    onMeta(lang, blank && lang !== primaryLang ? null : next);
  };
  const text = (v: string) => (v === "" ? null : v);
  return (
    <section aria-labelledby="designer-settings-title" className="flex flex-col gap-4" data-testid="designer-settings">
      <h2 id="designer-settings-title" className="font-title text-lg font-bold text-ink">
        {t("settings.title")}
      </h2>
      <div className="flex flex-col gap-1" data-testid="settings-type" data-type={type}>
        <p className="font-medium text-ink">{t("settings.typeIs", { type: t(`pages.type.${type}`) })}</p>
        <p className="text-sm text-muted">{type === "page" ? t("settings.typeFixed") : t(`settings.${type}Hint`)}</p>
      </div>
      <Tabs
        id="settings-lang"
        label={t("settings.language")}
        items={languages.map((l) => ({
          key: l,
          label: languageName(i18n.language, l) + (document.meta[l] ? "" : ` (${t("settings.notSet")})`),
          attrs: { "data-testid": `settings-lang-${l}` },
        }))}
        selected={lang}
        onSelect={setLang}
      />
      <div {...tabPanelProps("settings-lang", lang)} className="flex flex-col gap-4">
        <TextField
          label={t("settings.metaTitle")}
          required={lang === primaryLang}
          dir={dir}
          maxLength={PAGE_TITLE_MAX}
          value={meta.title}
          onChange={(e) => set({ title: e.target.value })}
          error={lang === primaryLang && !meta.title.trim() ? t("settings.titleRequired") : undefined}
          data-testid="settings-title"
        />
        <TextArea
          label={t("settings.description")}
          dir={dir}
          maxLength={PAGE_DESCRIPTION_MAX}
          value={meta.description ?? ""}
          onChange={(e) => set({ description: text(e.target.value) })}
        />
        <TextField
          label={t("settings.keywords")}
          dir={dir}
          maxLength={PAGE_KEYWORDS_MAX}
          value={meta.keywords ?? ""}
          onChange={(e) => set({ keywords: text(e.target.value) })}
        />
        {/* A hand-made form (not generated), so the picker is placed here; ZPageMeta marks the image all the same. */}
        <MediaUrlField
          id={`${idPrefix}-image`}
          kind="image"
          label={t("settings.image")}
          hint={t("settings.imageHint")}
          value={meta.image ?? ""}
          onChange={(v) => set({ image: text(v) })}
        />
      </div>
      <hr className="border-line" />
      <TextField
        label={t("settings.template")}
        hint={t("settings.templateHint")}
        dir="ltr"
        maxLength={PAGE_TEMPLATE_MAX}
        value={document.template ?? ""}
        onChange={(e) => onSettings({ template: text(e.target.value) })}
        data-testid="settings-template"
      />
      <Checkbox
        label={t("settings.noindex")}
        checked={document.noindex}
        onChange={(e) => onSettings({ noindex: e.target.checked })}
        data-testid="settings-noindex"
      />
      {type === "page" && !bound ? (
        <Checkbox
          label={t("settings.published")}
          description={t("settings.publishedHint")}
          checked={document.published}
          onChange={(e) => onSettings({ published: e.target.checked })}
          data-testid="settings-published"
        />
      ) : null}
    </section>
  );
}
