import { CATALOGUE_CATEGORIES, catalogueOf } from "../../../../domain/block-catalogue";
import { Dialog } from "../../../components/ui/dialog";
import { useTranslation } from "../../../i18n/use-translation";
import { BlockThumbnail } from "./block-thumbnail";

interface CatalogueDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A catalogue entry was chosen: its key. */
  onChoose: (entryKey: string) => void;
}

/** The block catalogue (seed 000 §1): sample blocks by category, each with a drawing and a line about it. */
export function CatalogueDialog({ open, onOpenChange, onChoose }: CatalogueDialogProps) {
  const { t } = useTranslation("studio");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("catalogue.title")}
      description={t("catalogue.intro")}
      closeLabel={t("designer.close")}
      width={880}
    >
      <div className="flex max-h-[70vh] flex-col gap-6 overflow-y-auto pe-1" data-testid="block-catalogue">
        {CATALOGUE_CATEGORIES.map((category) => (
          <section key={category} aria-labelledby={`catalogue-${category}`} className="flex flex-col gap-2">
            <h3 id={`catalogue-${category}`} className="font-title text-base font-bold text-ink">
              {t(`catalogue.categories.${category}`)}
            </h3>
            <ul className="grid gap-2 sm:grid-cols-2">
              {catalogueOf(category).map((entry) => (
                <li key={entry.key}>
                  <button
                    type="button"
                    onClick={() => onChoose(entry.key)}
                    className="flex w-full items-start gap-3 rounded-component border border-line bg-surface p-3 text-start hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
                    data-testid="catalogue-entry"
                    data-entry={entry.key}
                  >
                    <BlockThumbnail type={entry.type} />
                    <span className="flex flex-col gap-0.5">
                      <span className="font-semibold text-ink">{t(`catalogue.entries.${entry.key}.name`)}</span>
                      <span className="text-sm text-muted">{t(`catalogue.entries.${entry.key}.description`)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
