import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { TCourseCertificate } from "../../../domain/certificate";
import { Button, ButtonLink } from "../../components/ui/button";
import { Alert } from "../../components/ui/alert";
import { Icon } from "../../components/ui/icon";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";

/**
 * A finished course's certificate on the course page and in the profile: "Get your certificate" when
 * the learner finished it but has none (the course's certificate was switched on later, or they
 * finished before registering), then a link to the certificate's page. The request is the API's
 * certificate request; its code arrives with the click (docs/decisions/0020-lean-client.md).
 */
export function CourseCertificate({ certificate, courseTitle, main = false }: { certificate: TCourseCertificate; courseTitle?: string; main?: boolean }) {
  const { t } = useTranslation("learn");
  const { t: tAny, i18n } = useTranslation();
  const lang = useLang();
  const [path, setPath] = useState(certificate.path);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const mainRef = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  // After the request the keyboard and screen reader land on the new link (the button is gone).
  useEffect(() => {
    if (path && asked.current) (linkRef.current ?? mainRef.current?.querySelector("a"))?.focus();
  }, [path]);
  if (certificate.status === "none") return null;

  const request = async () => {
    setBusy(true);
    setError(null);
    const { requestCertificate } = await import("./certificate-calls");
    const res = await requestCertificate(certificate.courseId, lang);
    setBusy(false);
    if (!res.ok) {
      await loadKeyNamespace(i18n, res.error.key);
      setError(res.error.key);
      return;
    }
    asked.current = true;
    setPath(new URL(res.data.url, window.location.origin).pathname);
  };

  if (main) {
    // A finished course's main action on its page: the certificate as the large primary button.
    return (
      <div
        ref={mainRef}
        className="flex flex-col gap-2"
        data-testid="course-certificate"
        data-course={certificate.courseId}
        data-status={path ? "issued" : certificate.status}
        data-main="true"
      >
        {error ? <Alert tone="danger" title={tAny(error)} /> : null}
        {path ? (
          <ButtonLink to={path} size="lg" data-testid="course-certificate-link">
            <Icon name="check" className="size-5" />
            {t("course.certificate.open")}
          </ButtonLink>
        ) : (
          <Button size="lg" onClick={() => void request()} disabled={busy} data-testid="course-certificate-request">
            {t("course.certificate.request")}
          </Button>
        )}
      </div>
    );
  }

  return (
    <div
      className="flex max-w-md flex-col gap-2 rounded-component border border-line bg-surface p-4"
      data-testid="course-certificate"
      data-course={certificate.courseId}
      data-status={path ? "issued" : certificate.status}
    >
      {courseTitle ? <p className="font-semibold text-ink">{courseTitle}</p> : null}
      {error ? <Alert tone="danger" title={tAny(error)} /> : null}
      {path ? (
        <Link
          ref={linkRef}
          to={path}
          className="inline-flex items-center gap-2 font-medium text-primary-strong hover:underline"
          data-testid="course-certificate-link"
        >
          <Icon name="check" className="size-5" />
          {t("course.certificate.open")}
        </Link>
      ) : (
        <>
          <p className="text-sm text-muted">{t("course.certificate.ready")}</p>
          <div>
            <Button onClick={() => void request()} disabled={busy} data-testid="course-certificate-request">
              {t("course.certificate.request")}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
