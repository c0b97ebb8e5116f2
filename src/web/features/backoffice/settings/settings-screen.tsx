import type { ReactNode } from "react";
import { Container } from "../../../components/ui/container";
import { useTranslation } from "../../../i18n/use-translation";
import { StudioHeader } from "../../studio/studio-header";

/** A settings screen of the back office: the studio header, the section's title and intro, then its forms. */
export function SettingsScreen({ section, children }: { section: "portal" | "environment" | "registration"; children: ReactNode }) {
  const { t } = useTranslation("backoffice");
  return (
    <>
      <StudioHeader />
      <Container className="flex flex-col gap-6 py-8">
        <header className="flex flex-col gap-1">
          <h1 className="font-title text-3xl font-extrabold text-ink">{t(`settings.${section}.title`)}</h1>
          <p className="text-muted">{t(`settings.${section}.intro`)}</p>
        </header>
        {children}
      </Container>
    </>
  );
}
