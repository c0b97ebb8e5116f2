import { useTranslation } from "react-i18next";
import type { Route } from "./+types/guideline.icons";
import { ICONS, Icon, type IconName } from "../components/ui/icon";
import { GuidelineFrame } from "../features/guideline/guideline-frame";

export const meta: Route.MetaFunction = () => [{ title: "Mentora — icons" }, { name: "robots", content: "noindex" }];

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
