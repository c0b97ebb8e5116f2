import { useTranslation } from "react-i18next";
import type { Route } from "./+types/guideline.components";
import { Accordion } from "../components/ui/accordion";
import { Button } from "../components/ui/button";
import { Dropdown } from "../components/ui/dropdown";
import { Icon } from "../components/ui/icon";
import { GuidelineFrame } from "../features/guideline/guideline-frame";

export const meta: Route.MetaFunction = () => [{ title: "Mentora — components" }, { name: "robots", content: "noindex" }];

/** /{lang}/guideline/components: the design system's components in their states. */
export default function GuidelineComponents() {
  const { t } = useTranslation("guideline");
  return (
    <GuidelineFrame active="components">
      <section aria-labelledby="g-buttons" className="flex flex-col gap-4">
        <h2 id="g-buttons" className="font-title text-2xl font-bold text-ink">{t("components.buttons")}</h2>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="gradient">{t("components.gradient")}</Button>
          <Button variant="flat">{t("components.flat")}</Button>
          <Button variant="outline">{t("components.outline")}</Button>
          <Button variant="ghost">{t("components.ghost")}</Button>
          <Button variant="flat" disabled>{t("components.disabled")}</Button>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm">{t("components.small")}</Button>
          <Button size="md">{t("components.medium")}</Button>
          <Button size="lg">
            {t("components.withIcon")} <Icon name="arrow-end" className="size-5 rtl:-scale-x-100" />
          </Button>
        </div>
      </section>
      <section aria-labelledby="g-dropdown" className="flex flex-col gap-4">
        <h2 id="g-dropdown" className="font-title text-2xl font-bold text-ink">{t("components.dropdown")}</h2>
        <div className="flex gap-4">
          <Dropdown
            align="start"
            emptyText={t("components.emptyDropdown")}
            onSelect={() => undefined}
            options={[1, 2, 3].map((n) => ({ value: String(n), label: t("components.option", { n }) }))}
            trigger={<Button variant="outline">{t("components.openDropdown")}</Button>}
          />
          <Dropdown
            align="start"
            emptyText={t("components.emptyDropdown")}
            onSelect={() => undefined}
            options={[]}
            trigger={<Button variant="outline">{t("components.openEmptyDropdown")}</Button>}
          />
        </div>
      </section>
      <section aria-labelledby="g-accordion" className="flex flex-col gap-4">
        <h2 id="g-accordion" className="font-title text-2xl font-bold text-ink">{t("components.accordion")}</h2>
        <Accordion
          items={[1, 2].map((n) => ({ id: `a${n}`, title: t("components.accordionQuestion", { n }), content: t("components.accordionAnswer") }))}
        />
      </section>
    </GuidelineFrame>
  );
}
