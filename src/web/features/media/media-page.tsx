import type { TMediaPage } from "../../../domain/media";
import { Container } from "../../components/ui/container";
import { useTranslation } from "../../i18n/use-translation";
import { StudioHeader } from "../studio/studio-header";
import { MediaLibrary } from "./media-library";

/** /{lang}/studio/media (issue 15): the portal's media library. */
export function MediaPage({ page }: { page: TMediaPage }) {
  const { t } = useTranslation("studio");
  return (
    <>
      <StudioHeader />
      <Container className="flex flex-col gap-6 py-8">
        <div className="flex flex-col gap-2">
          <h1 className="font-title text-3xl font-bold text-ink" data-testid="media-title">
            {t("media.title")}
          </h1>
          <p className="text-muted">{t("media.intro")}</p>
        </div>
        <MediaLibrary initial={page} />
      </Container>
    </>
  );
}
