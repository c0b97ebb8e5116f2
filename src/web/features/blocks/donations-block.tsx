import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { formatPrice } from "../../../domain/blocks/course-format";
import { donationHref } from "../../../domain/blocks/donation-href";
import { isSafeUrl } from "../../../domain/blocks/safe-url";
import { buttonClass } from "../../components/ui/button";
import { useLang } from "../../root-data";
import { BlockTitle, isExternal } from "./block-title";
import type { BlockOf } from "./types";

/** Donations: preset amounts to choose from and a link out to the configured donation page. */
export function DonationsBlock({ block }: { block: BlockOf<"donations"> }) {
  const { t } = useTranslation("blocks");
  const lang = useLang();
  const { title, text, url, currency, presets, amountParam = "amount" } = block.props;
  const [chosen, setChosen] = useState(Math.min(block.props.defaultPreset ?? 0, presets.length - 1));
  const amount = presets[chosen];
  const money = (v: number) => formatPrice(v, currency, lang);
  const external = isExternal(url);
  return (
    <div className="mx-auto max-w-3xl rounded-component border border-line bg-surface p-6 text-center shadow-sm sm:p-8" data-testid="donations">
      <BlockTitle>{title}</BlockTitle>
      {text ? <p className="mb-5 text-muted">{text}</p> : null}
      <fieldset>
        <legend className="mb-3 w-full text-center font-medium text-ink">{t("donations.choose")}</legend>
        <div className="flex flex-wrap justify-center gap-3">
          {presets.map((preset, i) => (
            <label
              key={preset}
              className="cursor-pointer rounded-button border-2 border-primary px-5 py-2 font-semibold text-primary-strong transition has-[:checked]:bg-primary has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
            >
              <input type="radio" name={`${block.id}-amount`} value={preset} checked={i === chosen} onChange={() => setChosen(i)} className="sr-only" />
              {money(preset)}
            </label>
          ))}
        </div>
      </fieldset>
      {isSafeUrl(url) ? (
        <a
          href={donationHref(url, amount, currency, amountParam)}
          {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          className={buttonClass("gradient", "lg", "mt-6")}
          data-testid="donate-link"
        >
          {t("donations.donate", { amount: money(amount) })}
          {external ? <span className="sr-only"> {t("newTab")}</span> : null}
        </a>
      ) : null}
    </div>
  );
}
