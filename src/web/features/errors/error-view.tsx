import { useEffect, useRef } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { useParams, useRevalidator } from "react-router";
import { useAuth } from "../auth/use-auth";
import { Button, ButtonLink } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { useLang, useRootData } from "../../root-data";
import { PageRenderer } from "../blocks/page-renderer";
import type { ErrorKind } from "./classify-error";

export interface ErrorViewProps {
  error: ErrorKind;
}

const KNOWN_STATUS = new Set([400, 401, 403, 404, 405, 408, 409, 410, 413, 422, 429, 500, 502, 503, 504]);

/** Back target of seed 2.3: the portal's course on mono portals, else the course list. */
function useBackTo(): string {
  const lang = useLang();
  const data = useRootData();
  const { courseId } = useParams();
  if (data?.settings.portal.type === "mono" && courseId) return `/${lang}/courses/${courseId}`;
  return `/${lang}/courses/`;
}

/** Seed 2.3: the error page reloads when the current user id changes (a sign-in may grant access). */
function useReloadOnUserChange() {
  const { user } = useAuth();
  const { revalidate } = useRevalidator();
  const first = useRef(user.id);
  useEffect(() => {
    if (user.id !== first.current) {
      first.current = user.id;
      void revalidate();
    }
  }, [user.id, revalidate]);
}

export function ErrorView({ error }: ErrorViewProps) {
  const { t } = useTranslation("errors");
  const lang = useLang();
  const backTo = useBackTo();
  useReloadOnUserChange();

  if (error.kind === "not-found" || error.kind === "access-denied") {
    const notFound = error.kind === "not-found";
    return (
      <div className="flex flex-col gap-8" data-testid={notFound ? "not-found" : "access-denied"}>
        <header className="text-center">
          <p className="font-title text-7xl font-extrabold text-primary" aria-hidden="true">
            {notFound ? "404" : "403"}
          </p>
          <h1 className="mt-2 font-title text-3xl font-bold text-ink">{notFound ? t("notFound.title") : t("accessDenied.title")}</h1>
          <p className="mt-2 text-lg text-muted">{error.page.title}</p>
        </header>
        <PageRenderer blocks={error.page.components ?? []} />
        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to={backTo} variant="outline">
            <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
            {t("actions.backToCourses")}
          </ButtonLink>
          <ButtonLink to={`/${lang}/`}>
            <Icon name="home" className="size-4" />
            {t("actions.home")}
          </ButtonLink>
        </div>
      </div>
    );
  }

  const { status, message } = error;
  const descriptionKey = KNOWN_STATUS.has(status) ? `status.${status}` : "status.default";
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 text-center" data-testid="error-screen">
      <p className="font-title text-7xl font-extrabold text-primary">{status}</p>
      <h1 className="font-title text-3xl font-bold text-ink">{t("generic.title")}</h1>
      {message ? (
        <p className="rounded-xl bg-surface-alt px-4 py-2 font-mono text-sm text-ink" data-testid="error-message">
          {message}
        </p>
      ) : null}
      <p className="text-lg text-muted">{t(descriptionKey)}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <ButtonLink to={`/${lang}/`}>
          <Icon name="home" className="size-4" />
          {t("actions.home")}
        </ButtonLink>
        <Button variant="outline" onClick={() => window.location.reload()}>
          <Icon name="refresh" className="size-4" />
          {t("actions.reload")}
        </Button>
        {status === 401 ? <LogoutButton /> : null}
      </div>
    </div>
  );
}

function LogoutButton() {
  const { t } = useTranslation("errors");
  const lang = useLang();
  return (
    <form
      method="post"
      action="/api/auth/logout"
      onSubmit={async (e) => {
        e.preventDefault();
        const { logout } = await import("../auth/auth-calls");
        await logout();
        window.location.assign(`/${lang}/`);
      }}
    >
      <Button type="submit" variant="ghost">
        <Icon name="logout" className="size-4" />
        {t("actions.logout")}
      </Button>
    </form>
  );
}
