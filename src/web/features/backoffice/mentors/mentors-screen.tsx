import { useState } from "react";
import { BackOfficeScreen, BackOfficeSection } from "../backoffice-screen";
import { CHAT_MODES, type TChatMode } from "../../../../domain/chat";
import type { TAdminMentor, TAdminMentors } from "../../../../domain/mentor-admin";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { SelectField } from "../../../components/ui/select-field";
import { TextField } from "../../../components/ui/text-field";
import type { ApiResult } from "../../../lib/api";
import { loadKeyNamespace } from "../../../i18n/key-namespace";
import { useTranslation } from "../../../i18n/use-translation";
import { addMentor, patchMentor, removeMentor, setChatMode } from "./mentors-calls";

/**
 * /{lang}/studio/mentors (issue 16): who serves the portal's chat, their campaign, availability and
 * load, the chat's mode, adding a user with the mentor role and removing a mentor (their open chats go
 * to the distribution bot, which hands them on: docs/decisions/0059).
 */
export function MentorsScreen({ initial }: { initial: TAdminMentors }) {
  const { t, i18n } = useTranslation("backoffice");
  const { t: tAny } = useTranslation();
  const [data, setData] = useState(initial);
  const [status, setStatus] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const run = async (work: Promise<ApiResult<TAdminMentors>>, done: string) => {
    const res = await work;
    if (res.ok) {
      setData(res.data);
      setStatus({ tone: "success", text: done });
      return true;
    }
    await loadKeyNamespace(i18n, res.error.key);
    setStatus({ tone: "danger", text: tAny(res.error.key) });
    return false;
  };
  return (
    <BackOfficeScreen title={t("mentors.title")} intro={t("mentors.intro")}>
      <div aria-live="polite" data-testid="mentors-status">
        {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
      </div>
      <ModeForm mode={data.mode} onSave={(mode) => run(setChatMode(mode), t("mentors.modeSaved"))} />
      <BackOfficeSection id="mentors-list-title" title={t("mentors.list")} gap="gap-3">
        {data.mentors.length === 0 ? <p className="text-muted">{t("mentors.none")}</p> : null}
        <ul className="flex flex-col gap-3" data-testid="mentors-list">
          {data.mentors.map((m) => (
            <MentorRow
              key={`${m.id}:${m.campaign ?? ""}:${m.available}`}
              mentor={m}
              onSave={(patch) => run(patchMentor(m.id, patch), t("mentors.saved", { name: m.fullName }))}
              onRemove={() => run(removeMentor(m.id), t("mentors.removed", { name: m.fullName }))}
            />
          ))}
        </ul>
      </BackOfficeSection>
      <AddForm candidates={data.candidates} onAdd={(userId, campaign) => run(addMentor({ userId, campaign }), t("mentors.added"))} />
    </BackOfficeScreen>
  );
}

function ModeForm({ mode, onSave }: { mode: TChatMode; onSave: (mode: TChatMode) => Promise<boolean> }) {
  const { t } = useTranslation("backoffice");
  const [value, setValue] = useState<TChatMode>(mode);
  return (
    <form
      className="flex flex-col gap-3"
      data-testid="mode-form"
      onSubmit={(e) => {
        e.preventDefault();
        void onSave(value);
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-title text-xl font-bold text-ink">{t("mentors.mode")}</legend>
        {CHAT_MODES.map((m) => (
          <label
            key={m}
            className="flex items-start gap-3 rounded-component border border-line p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
          >
            <input
              type="radio"
              name="mode"
              value={m}
              checked={value === m}
              onChange={() => setValue(m)}
              className="mt-1 size-4 accent-[var(--color-primary)]"
              data-testid={`mode-${m}`}
            />
            <span className="flex flex-col">
              <span className="font-semibold text-ink">{t(`mentors.modes.${m}.title`)}</span>
              <span className="text-sm text-muted">{t(`mentors.modes.${m}.text`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" variant="gradient" className="self-start" data-testid="mode-save">
        {t("mentors.saveMode")}
      </Button>
    </form>
  );
}

function MentorRow({
  mentor,
  onSave,
  onRemove,
}: {
  mentor: TAdminMentor;
  onSave: (patch: { campaign: string | null; available: boolean }) => Promise<boolean>;
  onRemove: () => Promise<boolean>;
}) {
  const { t } = useTranslation("backoffice");
  const [campaign, setCampaign] = useState(mentor.campaign ?? "");
  const [available, setAvailable] = useState(mentor.available);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-3 rounded-component border border-line bg-surface p-4" data-testid="mentor-row" data-mentor-id={mentor.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-ink">
          {mentor.fullName} {mentor.email ? <span className="font-normal text-muted">{mentor.email}</span> : null}{" "}
          {mentor.leader ? (
            <Badge tone="neutral">
              <span data-testid="mentor-leader">{t("users.role.mp-leader")}</span>
            </Badge>
          ) : null}
        </h3>
        <p className="text-sm text-muted" data-testid="mentor-load">
          {t("mentors.load", { open: String(mentor.openChats), waiting: String(mentor.unanswered) })}
        </p>
      </div>
      <form
        className="flex flex-wrap items-end gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void onSave({ campaign: campaign.trim() || null, available });
        }}
      >
        <TextField
          label={t("mentors.campaign")}
          hint={t("mentors.campaignHint")}
          value={campaign}
          onChange={(e) => setCampaign(e.target.value)}
          dir="ltr"
          className="min-w-60"
        />
        <Checkbox label={t("mentors.available")} checked={available} onChange={(e) => setAvailable(e.target.checked)} />
        <Button type="submit" variant="outline" data-testid="mentor-save">
          {t("mentors.save")}
        </Button>
        {confirming ? (
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-ink">{t("mentors.removeConfirm", { open: String(mentor.openChats) })}</span>
            <Button variant="danger" onClick={() => void onRemove()} data-testid="mentor-remove-confirm">
              {t("mentors.removeYes")}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t("mentors.cancel")}
            </Button>
          </span>
        ) : (
          <Button variant="ghost" onClick={() => setConfirming(true)} data-testid="mentor-remove">
            {t("mentors.remove")}
          </Button>
        )}
      </form>
    </li>
  );
}

function AddForm({ candidates, onAdd }: { candidates: TAdminMentors["candidates"]; onAdd: (userId: string, campaign: string | null) => Promise<boolean> }) {
  const { t } = useTranslation("backoffice");
  const [userId, setUserId] = useState("");
  const [campaign, setCampaign] = useState("");
  const [error, setError] = useState<string | undefined>();
  return (
    <BackOfficeSection id="mentors-add-title" title={t("mentors.add")} gap="gap-3">
      {candidates.length === 0 ? (
        <p className="text-muted">{t("mentors.noCandidates")}</p>
      ) : (
        <form
          noValidate
          className="flex flex-wrap items-end gap-4"
          data-testid="mentor-add-form"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!userId) return setError(t("mentors.pickUser"));
            setError(undefined);
            if (await onAdd(userId, campaign.trim() || null)) {
              setUserId("");
              setCampaign("");
            }
          }}
        >
          <SelectField
            label={t("mentors.user")}
            placeholder={t("mentors.pickUser")}
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            options={candidates.map((c) => ({ value: c.uid, label: c.email ? `${c.fullName} (${c.email})` : c.fullName }))}
            error={error}
            className="min-w-72"
            data-testid="mentor-add-user"
          />
          <TextField label={t("mentors.campaign")} value={campaign} onChange={(e) => setCampaign(e.target.value)} dir="ltr" reserveErrorSpace />
          <Button type="submit" variant="gradient" data-testid="mentor-add-submit">
            {t("mentors.addSubmit")}
          </Button>
        </form>
      )}
    </BackOfficeSection>
  );
}
