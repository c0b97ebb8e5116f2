import { type TPageCreate, ZPageCreate } from "../../../../domain/studio-pages";
import { useTranslation } from "../../../i18n/use-translation";
import { useLang } from "../../../root-data";
import { languageName } from "../field-label";
import { NewItemForm } from "../new-item-form";
import { createPage } from "../page-calls";

/** A new page: its alias and its title in the primary language; a created page opens in the designer. */
export function NewPageForm({ primaryLang }: { primaryLang: string }) {
  const { t } = useTranslation("studio");
  const lang = useLang();
  return (
    <NewItemForm
      keyName="alias"
      schema={ZPageCreate}
      body={(alias, title) => ({ alias, title, model: null })}
      create={(body) => createPage(body as TPageCreate)}
      href={(page) => `/${lang}/studio/pages/${encodeURIComponent(page.alias)}`}
      primaryLang={primaryLang}
      texts={{
        heading: t("newPage.title"),
        key: t("newPage.alias"),
        keyHint: t("newPage.aliasHint"),
        keyFormat: t("newPage.aliasFormat"),
        title: t("newPage.pageTitle", { language: languageName(lang, primaryLang) }),
        create: t("newPage.create"),
        creating: t("newPage.creating"),
      }}
      testIds={{ form: "new-page", key: "new-page-alias", title: "new-page-title", create: "new-page-create" }}
    />
  );
}
