import { useTranslation } from "../../i18n/use-translation";
import { REVIEW_MAX_RATING, averageRating } from "../../../domain/blocks/review-rating";
import { formatEventDate } from "../../../domain/blocks/event-date-format";
import { useLang } from "../../root-data";
import { BlockTitle } from "./block-title";
import type { BlockOf } from "./types";
import { numberFormat } from "../../../domain/intl";

function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <div role="img" aria-label={label} className="flex gap-0.5 text-[#b45309]">
      {Array.from({ length: REVIEW_MAX_RATING }, (_, i) => (
        <svg
          key={i}
          viewBox="0 0 24 24"
          className="size-5"
          aria-hidden="true"
          focusable="false"
          fill={i < rating ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth={1.6}
        >
          <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3l-5.5 2.9 1-6.2L3 9.6l6.2-.9L12 3Z" strokeLinejoin="round" />
        </svg>
      ))}
    </div>
  );
}

/** Reviews: the average, then each review with its rating, text, author and date. */
export function ReviewsBlock({ block }: { block: BlockOf<"reviews"> }) {
  const { t } = useTranslation("blocks");
  const lang = useLang();
  const { title, items } = block.props;
  const average = averageRating(items);
  const number = numberFormat(lang, { maximumFractionDigits: 1 });
  return (
    <div className="mx-auto max-w-5xl" data-testid="reviews">
      {title ? <BlockTitle>{title}</BlockTitle> : null}
      {average !== null ? (
        <p className="mb-5 text-muted">{t("reviews.average", { rating: number.format(average), max: REVIEW_MAX_RATING, count: items.length })}</p>
      ) : null}
      <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {items.map((review, i) => (
          <li key={`${review.author}-${i}`}>
            <figure className="flex h-full flex-col gap-3 rounded-component border border-line bg-surface p-5 shadow-sm">
              <Stars rating={review.rating} label={t("reviews.rating", { rating: review.rating, max: REVIEW_MAX_RATING })} />
              <blockquote className="flex-1 text-ink">
                <p>{review.text}</p>
              </blockquote>
              <figcaption className="text-sm text-muted">
                <span className="font-semibold text-ink">{review.author}</span>
                {" · "}
                <time dateTime={review.date}>{formatEventDate(review.date, lang)}</time>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}
