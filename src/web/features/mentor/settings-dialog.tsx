import { useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Icon } from "../../components/ui/icon";
import { Spinner } from "../../components/ui/spinner";
import { TextField } from "../../components/ui/text-field";
import { useTranslation } from "../../i18n/use-translation";
import { ApiFailure, orThrow } from "../../lib/api";
import { ApiErrorAlert } from "../orders/api-error-alert";
import { getChatSettings, mentorKeys, putChatSettings } from "./mentor-calls";
import { MINUTES_BOUNDS, parseSettingsForm, type SettingsField, type SettingsFormValues, settingsToForm } from "./settings-form";

const ASSIGNMENTS = ["learner-chooses", "single", "mentor-chooses"] as const;

function SettingsForm({ initial, onSaved }: { initial: SettingsFormValues; onSaved(): void }) {
  const { t } = useTranslation("mentor");
  const client = useQueryClient();
  const [values, setValues] = useState(initial);
  const [wrong, setWrong] = useState<SettingsField[]>([]);
  const save = useMutation({
    mutationFn: (next: Parameters<typeof putChatSettings>[0]) => orThrow(putChatSettings(next)),
    onSuccess: (saved) => {
      client.setQueryData(mentorKeys.settings, saved);
      onSaved();
    },
  });
  const set = (field: SettingsField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setWrong((w) => w.filter((f) => f !== field));
  };
  const rangeError = (field: SettingsField) => (wrong.includes(field) ? t("settings.range", MINUTES_BOUNDS) : undefined);
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      data-testid="settings-form"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseSettingsForm(values);
        if (!parsed.ok) return setWrong(parsed.fields);
        save.mutate(parsed.data);
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-ink">{t("settings.assignment")}</legend>
        {ASSIGNMENTS.map((mode) => (
          <label key={mode} className="flex items-start gap-3 rounded-xl border border-line p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft">
            <input
              type="radio"
              name="assignment"
              value={mode}
              checked={values.assignment === mode}
              onChange={set("assignment")}
              className="mt-1 size-4 accent-[var(--color-primary)]"
              data-testid={`settings-assignment-${mode}`}
            />
            <span className="flex flex-col">
              <span className="font-semibold text-ink">{t(`settings.modes.${mode}.title`)}</span>
              <span className="text-sm text-muted">{t(`settings.modes.${mode}.text`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <TextField
        label={t("settings.reoffer")}
        hint={t("settings.reofferHint")}
        inputMode="numeric"
        value={values.reofferAfterMinutes}
        onChange={set("reofferAfterMinutes")}
        error={rangeError("reofferAfterMinutes")}
        data-testid="settings-reoffer"
      />
      <TextField
        label={t("settings.digest")}
        hint={t("settings.digestHint")}
        inputMode="numeric"
        value={values.mentorDigestAfterMinutes}
        onChange={set("mentorDigestAfterMinutes")}
        error={rangeError("mentorDigestAfterMinutes")}
        data-testid="settings-digest"
      />
      {save.error instanceof ApiFailure ? <ApiErrorAlert error={save.error.error} /> : null}
      <Button type="submit" disabled={save.isPending} data-testid="settings-save">
        {t("settings.save")}
      </Button>
    </form>
  );
}

/** Leaders: who assigns new chats, when a waiting chat is offered to another mentor, when mentors get a letter. */
export function SettingsButton() {
  const { t } = useTranslation("mentor");
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  // Counts openings: a fresh form for each, never a remount under the leader's typing when a refetch lands.
  const [opening, setOpening] = useState(0);
  const opener = useRef<HTMLButtonElement>(null);
  // The dialog has no Radix trigger, so focus is given back to the button that opened it.
  const show = (next: boolean) => {
    setOpen(next);
    if (!next) requestAnimationFrame(() => opener.current?.focus());
  };
  const query = useQuery({
    queryKey: mentorKeys.settings,
    queryFn: ({ signal }) => orThrow(getChatSettings(signal)),
    enabled: open,
  });
  return (
    <>
      <Button
        ref={opener}
        variant="outline"
        size="sm"
        onClick={() => {
          setSaved(false);
          setOpening((n) => n + 1);
          setOpen(true);
        }}
        data-testid="settings-open"
      >
        <Icon name="list" className="size-4" />
        {t("settings.open")}
      </Button>
      <p className="sr-only" aria-live="polite" data-testid="settings-status">
        {saved ? t("settings.saved") : ""}
      </p>
      <Dialog open={open} onOpenChange={show} title={t("settings.title")} description={t("settings.description")} closeLabel={t("settings.close")}>
        {query.error instanceof ApiFailure ? (
          <ApiErrorAlert error={query.error.error} />
        ) : query.data ? (
          <SettingsForm
            // A fresh form for each opening, from what the server holds then.
            key={opening}
            initial={settingsToForm(query.data)}
            onSaved={() => {
              setSaved(true);
              show(false);
            }}
          />
        ) : (
          <Spinner label={t("loading")} />
        )}
      </Dialog>
    </>
  );
}
