import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { z } from "zod";
import { DEFAULT_SUBSCRIPTION_TOPIC, type TSubscription, ZSubscription } from "../../../domain/blocks/engagement";
import { ZEmail } from "../../../domain/validation/fields";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { useLang } from "../../root-data";
import { type ApiError, api } from "../../lib/api";
import { useZodForm } from "../scenario/use-zod-form";
import { BlockTitle } from "./block-title";
import type { BlockOf } from "./types";

const ZSubscribeForm = z.object({ email: ZEmail });

type Outcome = { kind: "done"; subscription: TSubscription } | { kind: "failed"; error: ApiError } | null;

/**
 * Subscribe by e-mail: checked in the browser with the shared e-mail rule, stored by
 * POST /api/subscriptions. Subscribing twice is harmless and says so.
 */
export function SubscribeBlock({ block }: { block: BlockOf<"subscribe"> }) {
  const { t } = useTranslation("blocks");
  const lang = useLang();
  const { title, text, topic = DEFAULT_SUBSCRIPTION_TOPIC } = block.props;
  const form = useZodForm(ZSubscribeForm, { email: "" });
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const issue = form.errors.email;

  const submit = form.handleSubmit(async ({ email }) => {
    setSending(true);
    setOutcome(null);
    const res = await api.post("/api/subscriptions", ZSubscription, { email, lang, topic, source: block.id });
    setSending(false);
    if (res.ok) {
      setOutcome({ kind: "done", subscription: res.data });
      form.setValues({ email: "" });
    } else {
      if (res.error.validationErrors?.length) form.setServerErrors(res.error.validationErrors);
      setOutcome({ kind: "failed", error: res.error });
    }
  });

  return (
    <div className="mx-auto max-w-3xl rounded-component border border-line bg-surface p-6 shadow-sm sm:p-8" data-testid="subscribe">
      <BlockTitle>{title}</BlockTitle>
      {text ? <p className="mb-5 text-muted">{text}</p> : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          {...form.field("email")}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          label={t("subscribe.email")}
          placeholder={t("subscribe.placeholder")}
          error={issue ? t(issue.key, { ns: "auth", ...issue.params }) : undefined}
          className="flex-1"
        />
        <Button type="submit" disabled={sending} className="sm:mt-7">
          {sending ? t("subscribe.sending") : t("subscribe.submit")}
        </Button>
      </form>
      <div className="mt-4" data-testid="subscribe-outcome">
        {outcome?.kind === "done" ? (
          <Alert
            tone="success"
            title={
              outcome.subscription.created
                ? t("subscribe.done", { email: outcome.subscription.email })
                : t("subscribe.already", { email: outcome.subscription.email })
            }
          />
        ) : outcome?.kind === "failed" && !outcome.error.validationErrors?.length ? (
          <Alert tone="danger" title={outcome.error.code === "NETWORK" ? t("subscribe.network") : t(outcome.error.key)} />
        ) : null}
      </div>
    </div>
  );
}
