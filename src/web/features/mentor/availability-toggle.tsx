import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { cn } from "../../components/ui/cn";
import { useTranslation } from "../../i18n/use-translation";
import { ApiFailure, orThrow } from "../../lib/api";
import { useLang } from "../../root-data";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { getOwnProfile, mentorKeys, setAvailability } from "./mentor-calls";

/** The mentor's own availability for new chats: a switch (role="switch"), announced when it changes. */
export function AvailabilityToggle({ portalId, userId }: { portalId: string; userId: string }) {
  const { t } = useTranslation("mentor");
  const lang = useLang();
  const client = useQueryClient();
  const own = useQuery({
    queryKey: mentorKeys.own(userId),
    queryFn: ({ signal }) => orThrow(getOwnProfile(portalId, userId, lang, signal)),
  });
  const toggle = useMutation({
    mutationFn: (available: boolean) => orThrow(setAvailability(available, lang)),
    onSuccess: (profile) => client.setQueryData(mentorKeys.own(userId), profile),
    onSettled: () => void client.invalidateQueries({ queryKey: mentorKeys.all }),
  });
  const profile = own.data;
  if (!profile) return null;
  const available = toggle.isPending && toggle.variables !== undefined ? toggle.variables : profile.available;
  return (
    <div className="flex flex-col items-end gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={available}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(!available)}
        className="inline-flex items-center gap-3 rounded-button border border-line px-3 py-1.5 text-sm font-medium text-ink hover:bg-surface-alt disabled:opacity-60"
        data-testid="availability-toggle"
      >
        <span aria-hidden="true" className={cn("relative inline-flex h-5 w-9 items-center rounded-full transition", available ? "bg-success" : "bg-line")}>
          <span className={cn("absolute size-4 rounded-full bg-white shadow transition-all", available ? "start-[1.125rem]" : "start-0.5")} />
        </span>
        {t("availability.label")}
        {/* The switch's state is aria-checked; the word is for the eye. */}
        <span aria-hidden="true" className={available ? "text-success" : "text-muted"} data-testid="availability-state">
          {available ? t("availability.on") : t("availability.off")}
        </span>
      </button>
      {toggle.error instanceof ApiFailure ? <ApiErrorAlert error={toggle.error.error} /> : null}
    </div>
  );
}
