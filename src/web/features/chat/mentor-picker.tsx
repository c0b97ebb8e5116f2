import { useEffect, useId, useRef } from "react";
import type { TMentorProfile } from "../../../domain/chat";
import { cn } from "../../components/ui/cn";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { MentorAvatar, ReplyTime } from "./mentor-card";

export interface MentorPickerProps {
  mentors: TMentorProfile[];
  selected: string | null;
  onSelect(id: string): void;
}

/**
 * Seed §3 "visibleSlider": the mentors of a portal in multiple mode, side by side, to pick one. A group
 * of radio buttons under the cards: arrow keys move the choice (in the reading direction, so right to
 * left in Arabic), the chosen card scrolls into view, and the previous and next buttons do the same by pointer.
 */
export function MentorPicker({ mentors, selected, onSelect }: MentorPickerProps) {
  const { t } = useTranslation("chat");
  const name = useId();
  const track = useRef<HTMLDivElement>(null);
  const index = Math.max(
    0,
    mentors.findIndex((m) => m.id === selected),
  );
  useEffect(() => {
    if (!selected) return;
    track.current?.querySelector(`[data-mentor="${CSS.escape(selected)}"]`)?.scrollIntoView({ block: "nearest", inline: "center", behavior: "smooth" });
  }, [selected]);
  const step = (by: number) => onSelect(mentors[(index + by + mentors.length) % mentors.length].id);
  return (
    <fieldset className="flex flex-col gap-2" data-testid="chat-mentor-picker">
      <legend className="mb-2 text-sm font-semibold text-ink">{t("pick.legend")}</legend>
      <div className="flex items-center gap-1">
        <button
          type="button"
          onClick={() => step(-1)}
          aria-label={t("pick.previous")}
          className="rounded-full p-1.5 text-muted hover:bg-primary-soft hover:text-ink"
        >
          <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
        </button>
        <div ref={track} className="flex flex-1 snap-x snap-mandatory gap-3 overflow-x-auto scroll-smooth pb-1">
          {mentors.map((m, i) => (
            <label
              key={m.id}
              data-mentor={m.id}
              className={cn(
                "flex w-40 shrink-0 cursor-pointer snap-center flex-col items-center gap-1.5 rounded-2xl border-2 p-3 text-center has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary",
                m.id === selected ? "border-primary bg-primary-soft" : "border-line bg-surface",
              )}
              data-testid="chat-mentor-option"
            >
              <input type="radio" name={name} value={m.id} checked={m.id === selected} onChange={() => onSelect(m.id)} className="sr-only" />
              <MentorAvatar mentor={m} size="size-14" />
              <span dir="auto" className="text-sm font-semibold text-ink">
                {m.fullName}
              </span>
              {m.bio ? (
                <span dir="auto" className="line-clamp-3 text-xs text-muted">
                  {m.bio}
                </span>
              ) : null}
              <ReplyTime minutes={m.typicalReplyMinutes} />
              <span className="sr-only">{t("pick.position", { index: i + 1, total: mentors.length })}</span>
            </label>
          ))}
        </div>
        <button
          type="button"
          onClick={() => step(1)}
          aria-label={t("pick.next")}
          className="rounded-full p-1.5 text-muted hover:bg-primary-soft hover:text-ink"
        >
          <Icon name="arrow-end" className="size-4 rtl:-scale-x-100" />
        </button>
      </div>
    </fieldset>
  );
}
