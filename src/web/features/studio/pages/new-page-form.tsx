import { useState } from "react";
import { PAGE_KINDS, type TPageCreateBody, type TPageKind, ZPageCreate } from "../../../../domain/studio-pages";
import { SelectField } from "../../../components/ui/select-field";
import { useTranslation } from "../../../i18n/use-translation";
import { useLang } from "../../../root-data";
import { NewItemForm } from "../new-item-form";
import { createPage, designerHref } from "../page-calls";

/** A new page or template: its alias, kind and title in the primary language; a created page opens in the designer. */
export function NewPageForm({ primaryLang }: { primaryLang: string }) {
  const { t } = useTranslation("studio");
  const lang = useLang();
  const [kind, setKind] = useState<TPageKind>("page");
  return (
    <NewItemForm
      keyName="alias"
      schema={ZPageCreate}
      body={(alias, title) => ({ alias, title, model: null, kind })}
      create={(body) => createPage(body as TPageCreateBody)}
      href={(page) => designerHref(lang, { kind, alias: page.alias })}
      primaryLang={primaryLang}
      texts={{
        heading: t("newPage.title"),
        key: t("newPage.alias"),
        keyHint: t("newPage.aliasHint"),
        keyFormat: t("newPage.aliasFormat"),
        create: t("newPage.create"),
        creating: t("newPage.creating"),
      }}
      titleLangs={[primaryLang]}
      titleLabel={(language) => t("newPage.pageTitle", { language })}
      testIds={{ form: "new-page", key: "new-page-alias", title: "new-page-title", create: "new-page-create" }}
    >
      <SelectField
        label={t("newPage.type")}
        hint={t("newPage.typeHint")}
        name="kind"
        placeholder={t("choose")}
        required
        value={kind}
        onChange={(e) => setKind(e.target.value === "template" ? "template" : "page")}
        options={PAGE_KINDS.map((v) => ({ value: v, label: t(`pages.type.${v}`) }))}
        data-testid="new-page-type"
      />
    </NewItemForm>
  );
}
