import { useTranslation } from "../../i18n/use-translation";
import { daysUntil, formatDistance, formatEventDate } from "../../../domain/blocks/event-date-format";
import { useLang } from "../../root-data";
import type { BlockOf } from "./types";

/** An event's day in the seed's "MMM d, yyyy" format in the page language, and how far away it is. */
export function EventDateBlock({ block }: { block: BlockOf<"event-date"> }) {
  const { t } = useTranslation("blocks");
  const lang = useLang();
  const { title, date, text, place } = block.props;
  const days = daysUntil(date, new Date());
  return (
    <div
      className="mx-auto flex max-w-3xl flex-col gap-5 rounded-component border border-line bg-surface p-6 shadow-sm sm:flex-row sm:items-center"
      data-testid="event-date"
    >
      <div className="flex shrink-0 flex-col items-center justify-center rounded-xl bg-primary px-5 py-4 text-center text-white">
        <time dateTime={date} className="font-title text-xl font-bold" data-testid="event-date-value">
          {formatEventDate(date, lang)}
        </time>
        {/* Server and browser agree on the UTC day; a render across midnight may differ by one. */}
        <span className="text-sm" suppressHydrationWarning data-testid="event-distance">
          {formatDistance(days, lang)}
        </span>
      </div>
      <div className="flex flex-col gap-1">
        <h2 className="font-title text-2xl font-bold text-ink">{title}</h2>
        {place ? (
          <p className="text-muted">
            <span className="sr-only">{t("eventDate.place")} </span>
            {place}
          </p>
        ) : null}
        {text ? <p className="text-ink">{text}</p> : null}
      </div>
    </div>
  );
}
