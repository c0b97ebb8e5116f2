import { Link } from "react-router";
import type { TCertificate, TOfferedCertificate } from "../../../domain/certificate";
import { Badge } from "../../components/ui/badge";
import { useTranslation } from "../../i18n/use-translation";
import { CourseCertificate } from "./course-certificate";

const TONE = { valid: "success", expired: "neutral", revoked: "danger" } as const;

/**
 * The profile's certificates: a preview drawn on the server, the verification page and the downloads;
 * first the finished courses whose certificate the learner may still ask for.
 */
export function MyCertificates({
  certificates,
  offered = [],
  dates,
}: {
  certificates: TCertificate[];
  offered?: TOfferedCertificate[];
  dates: Record<string, string>;
}) {
  const { t } = useTranslation("certificates");
  if (certificates.length === 0 && offered.length === 0) return <p className="text-muted">{t("profile.empty")}</p>;
  return (
    <>
      {offered.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2" data-testid="offered-certificates">
          {offered.map((o) => (
            <li key={o.courseId}>
              <CourseCertificate certificate={{ courseId: o.courseId, status: "available", path: null }} courseTitle={o.courseTitle} />
            </li>
          ))}
        </ul>
      ) : null}
      {certificates.length > 0 ? <CertificateList certificates={certificates} dates={dates} /> : null}
    </>
  );
}

function CertificateList({ certificates, dates }: { certificates: TCertificate[]; dates: Record<string, string> }) {
  const { t } = useTranslation("certificates");
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {certificates.map((c) => (
        <li
          key={c.number}
          className="flex flex-col gap-3 rounded-component border border-line bg-surface p-4 shadow-sm"
          data-testid="my-certificate"
          data-number={c.number}
        >
          <img
            src={c.previewUrl}
            alt={t("profile.preview", { course: c.courseTitle })}
            width={320}
            height={226}
            className="h-auto w-full rounded-component border border-line"
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-title text-lg font-bold text-ink">{c.courseTitle}</h3>
            <Badge tone={TONE[c.status]}>{t(`statusLabel.${c.status}`)}</Badge>
          </div>
          <p className="text-sm text-muted">{t("profile.issued", { date: dates[c.number] })}</p>
          <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm font-medium">
            <Link to={new URL(c.url).pathname} className="text-primary-strong hover:underline" data-testid="my-certificate-page">
              {t("profile.open")}
            </Link>
            <a href={c.pdfUrl} download className="text-primary-strong hover:underline" data-testid="my-certificate-pdf">
              {t("profile.pdf")}
            </a>
            <a href={c.credentialUrl} download className="text-primary-strong hover:underline" data-testid="my-certificate-credential">
              {t("profile.credential")}
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}
