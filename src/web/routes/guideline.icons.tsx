import { useTranslation } from "../i18n/use-translation";
import type { Route } from "./+types/guideline.icons";
import { ICONS, Icon, type IconName } from "../components/ui/icon";
import { GuidelineFrame } from "../features/guideline/guideline-frame";
import type { PacksHandle } from "../i18n/page-packs";

export const meta: Route.MetaFunction = () => [{ title: "Mentora — icons" }, { name: "robots", content: "noindex" }];

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["guideline"] };

/** /{lang}/guideline/icons: every icon of the set with its name. */
export default function GuidelineIcons() {
  const { t } = useTranslation("guideline");
  return (
    <GuidelineFrame active="icons">
      <p className="text-muted">{t("icons.text", { count: Object.keys(ICONS).length })}</p>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
        {(Object.keys(ICONS) as IconName[]).map((name) => (
          <li key={name} className="flex flex-col items-center gap-2 rounded-component border border-line p-4 text-ink">
            <Icon name={name} className="size-7" />
            <code className="text-xs">{name}</code>
          </li>
        ))}
      </ul>
    </GuidelineFrame>
  );
}
