import { useId } from "react";
import { useTranslation } from "../../i18n/use-translation";

/**
 * "Send to my mentor privately" (issue 14, beyond peers): under the new-post field, a switch that
 * turns the question into a chat message with the element attached instead of a public post.
 */
export function PrivateSwitch({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const { t } = useTranslation("discussions");
  const id = useId();
  return (
    <span className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-hint`}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]"
        data-testid="discussion-private"
      />
      <span className="flex flex-col">
        <label htmlFor={id} className="cursor-pointer font-medium text-ink">
          {t("composer.privately")}
        </label>
        <span id={`${id}-hint`} className="text-xs text-muted">
          {t("composer.privatelyHint")}
        </span>
      </span>
    </span>
  );
}
