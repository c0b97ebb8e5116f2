import { useState } from "react";
import { useInstantFormat } from "../../lib/use-instant-format";
import { Link } from "react-router";
import { localized } from "../../../domain/localized";
import { type TStudioEpisode, type TStudioVideoEvent, ZEpisodeCreate, ZEpisodePatch, ZVideoEventPatch } from "../../../domain/studio-video-events";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Container } from "../../components/ui/container";
import { Dialog } from "../../components/ui/dialog";
import { loadKeyNamespace } from "../../i18n/key-namespace";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { BlockPropsForm } from "./block-props-form";
import { serverIssuesOf } from "./course-settings-value";
import { EntityList } from "./entity-list";
import type { PathIssue } from "./form-value";
import { NewEntityForm } from "./new-entity-form";
import { SettingsForm } from "./settings-form";
import { addEpisode, createVideoEvent, deleteEpisode, patchEpisode, patchVideoEvent, reorderEpisodes } from "./studio-calls";
import { StudioHeader } from "./studio-header";

/** /{lang}/studio/video-events (issue 15): every video event with its number of episodes, and a new one. */
export function VideoEventListPage({ videoEvents, primaryLang }: { videoEvents: TStudioVideoEvent[]; primaryLang: string }) {
  const { t } = useTranslation("studio");
  return (
    <>
      <StudioHeader />
      <Container className="flex flex-col gap-8 py-8">
        <div className="flex flex-col gap-2" data-testid="studio-video-events">
          <h1 className="font-title text-3xl font-bold text-ink">{t("videoEvents.title")}</h1>
          <p className="text-muted">{t("videoEvents.intro")}</p>
        </div>
        {videoEvents.length === 0 ? <p className="text-ink">{t("videoEvents.empty")}</p> : null}
        <EntityList
          items={videoEvents.map((e) => ({ ...e, extra: t("videoEvents.episodes", { count: e.episodes.length }) }))}
          base="video-events"
          primaryLang={primaryLang}
          testId="studio-video-event"
        />
        <NewEntityForm kind="videoEvent" primaryLang={primaryLang} create={(body) => createVideoEvent(body)} />
      </Container>
    </>
  );
}

const eventSettings = (e: TStudioVideoEvent): Record<string, unknown> => {
  const { title, description, cover, pageAlias, published } = e;
  return { title, description, cover, pageAlias, published };
};
const episodeSettings = (e: TStudioEpisode): Record<string, unknown> => ({ title: e.title, startDate: e.startDate, videoUrl: e.videoUrl });

/** /{lang}/studio/video-events/{id} (issue 15): an event's settings and its dated episodes (add, edit, reorder, delete). */
export function VideoEventPage({ event, languages, primaryLang }: { event: TStudioVideoEvent; languages: readonly string[]; primaryLang: string }) {
  const { t, i18n } = useTranslation("studio");
  const { t: tAny } = useTranslation();
  const lang = useLang();
  const [episodes, setEpisodes] = useState(event.episodes);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TStudioEpisode | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [draft, setDraft] = useState<Record<string, unknown>>({ title: {}, startDate: "", videoUrl: null });
  const [draftIssues, setDraftIssues] = useState<PathIssue[]>([]);
  const [busy, setBusy] = useState(false);
  const titleOf = (e: TStudioEpisode) => localized(e.title, lang, primaryLang) || e.id;
  const when = useInstantFormat(lang, { dateStyle: "medium", timeStyle: "short" });

  const fail = async (key: string) => {
    await loadKeyNamespace(i18n, key);
    setFailure(tAny(key));
  };
  const move = async (index: number, by: -1 | 1) => {
    const order = episodes.map((e) => e.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    setFailure(null);
    const res = await reorderEpisodes(event.id, order);
    if (res.ok) setEpisodes(res.data.episodes);
    else await fail(res.error.key);
  };
  const add = async (submit: React.FormEvent) => {
    submit.preventDefault();
    if (!ZEpisodeCreate.safeParse(draft).success) return setFailure(t("form.hasIssues"));
    setBusy(true);
    setFailure(null);
    const res = await addEpisode(event.id, draft as never);
    setBusy(false);
    if (res.ok) {
      setEpisodes([...episodes, res.data]);
      setDraft({ title: {}, startDate: "", videoUrl: null });
      setDraftIssues([]);
    } else {
      setDraftIssues(serverIssuesOf(res.error.validationErrors));
      await fail(res.error.key);
    }
  };
  const remove = async () => {
    if (!deleting) return;
    const res = await deleteEpisode(deleting.id);
    setDeleting(null);
    if (res.ok) setEpisodes(episodes.filter((e) => e.id !== deleting.id).map((e, i) => ({ ...e, index: i })));
    else await fail(res.error.key);
  };

  return (
    <>
      <StudioHeader />
      <Container className="flex flex-col gap-6 py-8">
        <Link to={`/${lang}/studio/video-events`} className="font-medium text-primary-strong hover:underline">
          {t("videoEvents.back")}
        </Link>
        <h1 className="font-title text-3xl font-bold text-ink" data-testid="studio-video-event-title">
          {localized(event.title, lang, primaryLang) || event.id}
        </h1>
        <section aria-labelledby="ve-settings" className="flex flex-col gap-4 rounded-component border border-line bg-surface p-5">
          <h2 id="ve-settings" className="font-title text-xl font-bold text-ink">
            {t("course.settings")}
          </h2>
          <SettingsForm
            schema={ZVideoEventPatch}
            initial={eventSettings(event)}
            languages={languages}
            save={(patch) => patchVideoEvent(event.id, patch)}
            settingsOf={eventSettings}
            testId="video-event-settings"
          />
        </section>
        <section aria-labelledby="ve-episodes" className="flex flex-col gap-4">
          <h2 id="ve-episodes" className="font-title text-xl font-bold text-ink">
            {t("videoEvents.episodesTitle")}
          </h2>
          <p className="text-muted">{t("videoEvents.episodesIntro")}</p>
          {failure ? <Alert tone="danger" title={failure} /> : null}
          {episodes.length === 0 ? <p className="text-ink">{t("videoEvents.noEpisodes")}</p> : null}
          <ol className="flex flex-col gap-3" data-testid="episodes">
            {episodes.map((episode, index) => (
              <li
                key={episode.id}
                className="flex flex-col gap-3 rounded-component border border-line bg-surface p-4"
                data-testid="episode"
                data-id={episode.id}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="flex flex-col">
                    <span className="font-medium text-ink">{titleOf(episode)}</span>
                    <span className="text-sm text-muted">{when(episode.startDate)}</span>
                  </span>
                  <span className="flex flex-wrap gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={t("navigation.moveUp", { title: titleOf(episode) })}
                    >
                      {t("navigation.up")}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={index === episodes.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={t("navigation.moveDown", { title: titleOf(episode) })}
                    >
                      {t("navigation.down")}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-expanded={editing === episode.id}
                      onClick={() => setEditing(editing === episode.id ? null : episode.id)}
                    >
                      {t("videoEvents.edit")}
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => setDeleting(episode)}
                      aria-label={t("navigation.removeItem", { title: titleOf(episode) })}
                    >
                      {t("navigation.remove")}
                    </Button>
                  </span>
                </div>
                {editing === episode.id ? (
                  <SettingsForm
                    schema={ZEpisodePatch}
                    initial={episodeSettings(episode)}
                    languages={languages}
                    save={(patch) => patchEpisode(episode.id, patch)}
                    settingsOf={episodeSettings}
                    onSaved={(saved) => setEpisodes(episodes.map((e) => (e.id === saved.id ? saved : e)))}
                    testId="episode-settings"
                  />
                ) : null}
              </li>
            ))}
          </ol>
          <form
            onSubmit={add}
            noValidate
            className="flex flex-col gap-4 rounded-component border border-line bg-surface p-5"
            aria-labelledby="ve-new-episode"
            data-testid="new-episode"
          >
            <h3 id="ve-new-episode" className="font-title text-lg font-bold text-ink">
              {t("videoEvents.newEpisode")}
            </h3>
            <p className="text-sm text-muted">{t("videoEvents.startHint")}</p>
            <BlockPropsForm
              schema={ZEpisodeCreate}
              value={draft}
              languages={languages}
              serverIssues={draftIssues}
              onChange={(v) => setDraft(v as Record<string, unknown>)}
            />
            <div>
              <Button type="submit" disabled={busy} data-testid="new-episode-add">
                {t("videoEvents.addEpisode")}
              </Button>
            </div>
          </form>
        </section>
        <Dialog
          open={deleting !== null}
          onOpenChange={(open) => (open ? undefined : setDeleting(null))}
          title={t("videoEvents.confirmDeleteTitle")}
          description={deleting ? t("videoEvents.confirmDelete", { title: titleOf(deleting) }) : undefined}
          closeLabel={t("videoEvents.cancel")}
        >
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" onClick={remove} data-testid="episode-delete-confirm">
              {t("navigation.remove")}
            </Button>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              {t("videoEvents.cancel")}
            </Button>
          </div>
        </Dialog>
      </Container>
    </>
  );
}
