import type { TCertificatePage } from "../../../domain/certificate";
import { Alert } from "../../components/ui/alert";
import { buttonClass } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { useTranslation } from "../../i18n/use-translation";
import { CredentialCheck } from "./credential-check";

export interface CertificateDates {
  issued: string;
  expires: string | null;
  revoked: string | null;
}

const TONE = { valid: "success", expired: "warning", revoked: "danger" } as const;

/** A number, an address: left to right and whole, in Arabic too. */
const Ltr = ({ children }: { children: React.ReactNode }) => (
  <bdi dir="ltr" className="break-all">
    {children}
  </bdi>
);

/** The public verification page of a certificate: genuine, expired or revoked, and what it says. */
export function CertificateView({ page, dates }: { page: TCertificatePage; dates: CertificateDates }) {
  const { t } = useTranslation("certificates");
  const c = page.certificate;
  const facts: Array<[string, React.ReactNode, string]> = [
    [t("page.awardedTo"), c.learnerName, "certificate-name"],
    [t("page.course"), c.courseTitle, "certificate-course"],
    [t("page.issued"), dates.issued, "certificate-issued"],
    ...(dates.expires ? [[t("page.validUntil"), dates.expires, "certificate-expires"] as [string, string, string]] : []),
    [t("page.number"), <Ltr key="n">{c.number}</Ltr>, "certificate-number"],
    ...(dates.revoked ? [[t("page.revokedOn"), dates.revoked, "certificate-revoked"] as [string, string, string]] : []),
    ...(c.revokedReason ? [[t("page.reason"), c.revokedReason, "certificate-reason"] as [string, string, string]] : []),
  ];
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10" data-testid="certificate" data-status={c.status}>
      <header className="flex items-center gap-4">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-strong" aria-hidden="true">
          <Icon name="check" className="size-7" />
        </span>
        <h1 className="font-title text-3xl font-bold text-ink">{t("page.heading")}</h1>
      </header>
      <div data-testid="certificate-status">
        <Alert tone={TONE[c.status]} title={t(`statusLabel.${c.status}`)}>
          <p>{t(`page.status.${c.status}`)}</p>
        </Alert>
      </div>
      <article className="rounded-component border border-line bg-surface p-6 shadow-sm sm:p-8">
        <dl className="grid gap-5 sm:grid-cols-2">
          {facts.map(([label, value, id]) => (
            <div key={id}>
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="break-words text-lg font-semibold text-ink" data-testid={id}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </article>
      {page.files ? (
        <div className="flex flex-wrap gap-3" data-testid="certificate-files">
          <a href={page.files.pdfUrl} download className={buttonClass("flat", "md")} data-testid="certificate-pdf">
            <Icon name="receipt" className="size-4" />
            {t("page.downloadPdf")}
          </a>
          <a href={page.files.credentialUrl} download className={buttonClass("outline", "md")} data-testid="certificate-credential">
            {t("page.downloadCredential")}
          </a>
          <a
            href={page.files.linkedInUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("outline", "md")}
            data-testid="certificate-linkedin"
          >
            <Icon name="external" className="size-4" />
            {t("page.linkedIn")}
          </a>
        </div>
      ) : null}
      <CredentialCheck />
    </div>
  );
}

/** An unknown (or malformed) number: a 404 that says so. */
export function CertificateNotFound({ number }: { number: string }) {
  const { t } = useTranslation("certificates");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-16 text-center" data-testid="certificate-not-found">
      <h1 className="font-title text-3xl font-bold text-ink">{t("page.notFound.title")}</h1>
      <p className="text-muted">{t("page.notFound.text", { number })}</p>
    </div>
  );
}
