import { useTranslation } from "../i18n/use-translation";
import type { Route } from "./+types/dev";
import { formatDate } from "../../domain/locale";
import { Alert } from "../components/ui/alert";
import { Card } from "../components/ui/card";
import { errorLang, throwNotFound } from "../features/errors/error-pages.server";

export const meta: Route.MetaFunction = () => [{ title: "Mentora — dev" }, { name: "robots", content: "noindex" }];

/**
 * /{lang}/dev: developer tools of a local install. It lists the mail outbox (letters kept instead
 * of sent when no SMTP_URL is set). Reset links are secrets: the page exists only when DEV_TOOLS is
 * on, and only for direct requests from this machine; anyone else gets the 404 page.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (!context.devTools) return throwNotFound(context, await errorLang(context, request, params.lang));
  const { mailer } = context.services;
  return { mailKind: mailer.kind, letters: await mailer.outbox(50) };
}

/** Links in plain-text letters become clickable; everything else stays text. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="break-all text-primary underline">
            {part}
          </a>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}

export default function Dev({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  const { mailKind, letters } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="font-title text-3xl font-bold text-ink">{t("dev.title")}</h1>
      <section aria-labelledby="outbox" className="flex flex-col gap-4">
        <h2 id="outbox" className="font-title text-xl font-bold text-ink">
          {t("dev.outbox")}
        </h2>
        {mailKind === "smtp" ? <Alert tone="info" title={t("dev.smtp")} /> : null}
        {mailKind === "outbox" && letters.length === 0 ? <p className="text-muted">{t("dev.empty")}</p> : null}
        <ol className="flex flex-col gap-4" data-testid="outbox">
          {letters.map((l) => (
            <li key={l.id}>
              <Card as="article">
                <h3 className="font-semibold text-ink">{l.subject}</h3>
                <p className="text-sm text-muted">
                  {t("dev.to", { to: l.to })} · <time dateTime={l.createdAt}>{formatDate(l.createdAt, params.lang)}</time>
                </p>
                <p className="mt-3 whitespace-pre-line text-ink">
                  <Linkified text={l.text} />
                </p>
              </Card>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
