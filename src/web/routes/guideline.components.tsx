import { useTranslation } from "../i18n/use-translation";
import type { Route } from "./+types/guideline.components";
import { useState } from "react";
import { Accordion } from "../components/ui/accordion";
import { Alert } from "../components/ui/alert";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Checkbox } from "../components/ui/checkbox";
import { Dialog } from "../components/ui/dialog";
import { Spinner } from "../components/ui/spinner";
import { TextField } from "../components/ui/text-field";
import { Dropdown } from "../components/ui/dropdown";
import { Icon } from "../components/ui/icon";
import { GuidelineFrame } from "../features/guideline/guideline-frame";
import type { PacksHandle } from "../i18n/page-packs";

export const meta: Route.MetaFunction = () => [{ title: "Mentora — components" }, { name: "robots", content: "noindex" }];

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["guideline"] };

/** /{lang}/guideline/components: the design system's components in their states. */
export default function GuidelineComponents() {
  const { t } = useTranslation("guideline");
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <GuidelineFrame active="components">
      <section aria-labelledby="g-buttons" className="flex flex-col gap-4">
        <h2 id="g-buttons" className="font-title text-2xl font-bold text-ink">
          {t("components.buttons")}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="gradient">{t("components.gradient")}</Button>
          <Button variant="flat">{t("components.flat")}</Button>
          <Button variant="outline">{t("components.outline")}</Button>
          <Button variant="ghost">{t("components.ghost")}</Button>
          <Button variant="flat" disabled>
            {t("components.disabled")}
          </Button>
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
        <h2 id="g-dropdown" className="font-title text-2xl font-bold text-ink">
          {t("components.dropdown")}
        </h2>
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
        <h2 id="g-accordion" className="font-title text-2xl font-bold text-ink">
          {t("components.accordion")}
        </h2>
        <Accordion items={[1, 2].map((n) => ({ id: `a${n}`, title: t("components.accordionQuestion", { n }), content: t("components.accordionAnswer") }))} />
      </section>
      <section aria-labelledby="g-forms" className="flex flex-col gap-4">
        <h2 id="g-forms" className="font-title text-2xl font-bold text-ink">
          {t("components.forms")}
        </h2>
        <div className="grid max-w-3xl gap-4 sm:grid-cols-2">
          <TextField label={t("components.fieldLabel")} hint={t("components.fieldHint")} placeholder={t("components.fieldPlaceholder")} />
          <TextField label={t("components.fieldLabel")} error={t("components.fieldError")} defaultValue="a" required />
        </div>
        <Checkbox label={t("components.checkbox")} description={t("components.checkboxText")} />
      </section>
      <section aria-labelledby="g-feedback" className="flex flex-col gap-4">
        <h2 id="g-feedback" className="font-title text-2xl font-bold text-ink">
          {t("components.feedback")}
        </h2>
        <div className="grid max-w-3xl gap-3">
          <Alert tone="info" title={t("components.alertInfo")}>
            {t("components.alertText")}
          </Alert>
          <Alert tone="success" title={t("components.alertSuccess")} />
          <Alert tone="danger" title={t("components.alertDanger")}>
            {t("components.alertText")}
          </Alert>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Badge>{t("components.badgeNew")}</Badge>
          <Badge tone="neutral">{t("components.badgeFree")}</Badge>
          <Badge tone="success">{t("components.badgeDone")}</Badge>
          <Spinner label={t("components.loading")} />
        </div>
      </section>
      <section aria-labelledby="g-surfaces" className="flex flex-col gap-4">
        <h2 id="g-surfaces" className="font-title text-2xl font-bold text-ink">
          {t("components.surfaces")}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Card>
            <h3 className="font-title text-lg font-bold text-ink">{t("components.cardTitle")}</h3>
            <p className="mt-1 text-muted">{t("components.cardText")}</p>
          </Card>
          <Card className="flex flex-col items-start gap-3">
            <p className="text-muted">{t("components.dialogText")}</p>
            <Button variant="outline" onClick={() => setDialogOpen(true)}>
              {t("components.openDialog")}
            </Button>
          </Card>
        </div>
        <Dialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          title={t("components.dialogTitle")}
          description={t("components.dialogText")}
          closeLabel={t("components.close")}
        >
          <p className="text-ink">{t("components.accordionAnswer")}</p>
        </Dialog>
      </section>
    </GuidelineFrame>
  );
}
