import { useTranslation } from "../i18n/use-translation";
import { Link, data, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useLocation } from "react-router";
import { formatDuration } from "../../domain/blocks/course-format";
import { COURSE_MESSAGES } from "../../domain/course-rules";
import type { TElementType } from "../../domain/element";
import { AppError, isAppError } from "../../domain/errors";
import { CATALOGUE_PAGE_SIZE } from "../../domain/course";
import { ZMicrocourseListQuery, type TMicrocourse, type TMicrocourseListPage } from "../../domain/microcourse";
import { pageRobots, type TBlock } from "../../domain/page";
import type { MicrocourseTarget } from "../../domain/scenario/course-target";
import { Badge } from "../components/ui/badge";
import { Icon } from "../components/ui/icon";
import { PageRenderer } from "../features/blocks/page-renderer";
import { ELEMENT_ICON } from "../features/learning/element-type";
import { learnT, learningFailure, learningSeo, listPagingLinks, listPagingParams, modelPage, requestViewer } from "../features/learning/learning.server";
import { ListPager } from "../features/learning/list-pager";
import { SignInGate } from "../features/learning/sign-in-gate";
import { useLang } from "../root-data";
import { BLOCK_PACKS, type PacksHandle } from "../i18n/page-packs";

const ID = /^[A-Za-z0-9_-]{1,120}$/;

/**
 * /{lang}/microcourse/{id}: a microcourse from its blocks, with the guest rules of seed 001 §4
 * "Free microcourse start" (only webinars and lessons open to guests; requred_registration needs
 * an account). Without an id: the list of microcourses.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const lang = params.lang!;
  const viewer = await requestViewer(context);
  const t = await learnT(context, lang);
  const { microcourses } = context.services;
  if (params.id === undefined) {
    // A page of CATALOGUE_PAGE_SIZE, like the catalogue (issue 30): `?after=` / `?before=` carry the list's cursors.
    const asked = listPagingParams(request);
    let list: TMicrocourseListPage;
    try {
      const q = ZMicrocourseListQuery.safeParse({ lang, rel: "all", limit: CATALOGUE_PAGE_SIZE, ...asked });
      if (!q.success) throw new AppError("CURSOR_INVALID", "The microcourse list page address is not valid");
      list = await microcourses.list(viewer, q.data);
    } catch (e) {
      return learningFailure(e, context, lang);
    }
    const links = listPagingLinks(context, request, asked, list);
    const seo = await learningSeo(context, request, lang, {
      kind: "page",
      title: t("microcourse.listTitle"),
      description: t("microcourse.listDescription"),
      path: links.path,
    });
    return { kind: "list" as const, list: list.microcourses, prev: links.prev, next: links.next, seo: [...seo, ...links.head] };
  }
  // Seed 000 §8: a missing microcourse is 'Microcourse instance is no provided'.
  const missing = (): never => {
    throw data({ message: COURSE_MESSAGES.microcourseMissing }, { status: 404 });
  };
  if (!ID.test(params.id)) return missing();
  let m: TMicrocourse & { components: TBlock[] };
  try {
    m = await microcourses.get(viewer, params.id, { lang });
  } catch (e) {
    if (isAppError(e, "MICROCOURSE_NOT_PROVIDED")) return missing();
    if (isAppError(e, "REGISTRATION_REQUIRED")) {
      const d = (e as AppError).details as { type: TElementType; props: { accessType: string | null } };
      return data(
        {
          kind: "gate" as const,
          microcourse: { id: params.id, type: d.type, accessType: d.props.accessType ?? undefined },
          viewer: viewer.kind,
          seo: [{ title: t("gate.microcourseTitle") }, { name: "robots", content: "noindex" }],
        },
        { status: 403 },
      );
    }
    return learningFailure(e, context, lang);
  }
  const page = await modelPage(context, viewer, "microcourse", m.id, lang, { withComponents: false, grant: "checked" });
  return {
    kind: "microcourse" as const,
    microcourse: m,
    seo: await learningSeo(context, request, lang, {
      kind: "page",
      title: page?.title || m.title,
      description: page?.description || m.description,
      image: page?.image || m.cover,
      noindex: page ? pageRobots(page) === "noindex" : false,
      path: `/${lang}/microcourse/${encodeURIComponent(m.id)}`,
    }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.seo ?? [];

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: [...BLOCK_PACKS] };

export default function MicrocourseRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const { t } = useTranslation("learn");
  const lang = useLang();
  const { pathname } = useLocation();
  if (loaderData.kind === "gate") {
    const target: MicrocourseTarget = { ...loaderData.microcourse, path: pathname };
    return (
      <SignInGate
        title={t("gate.microcourseTitle")}
        text={t(loaderData.viewer === "session" ? "gate.microcourseSession" : "gate.microcourseGuest")}
        scenario={{ id: "start-free-microcourse", options: { microcourse: target } }}
      />
    );
  }
  if (loaderData.kind === "list") {
    return (
      <div className="flex flex-col gap-8">
        <header className="flex flex-col gap-2">
          <h1 className="font-title text-3xl font-bold text-ink sm:text-4xl">{t("microcourse.listTitle")}</h1>
          <p className="max-w-3xl text-lg text-muted">{t("microcourse.listDescription")}</p>
        </header>
        {loaderData.list.length === 0 ? <p className="text-muted">{t("microcourse.empty")}</p> : null}
        <ul className="grid gap-6 sm:grid-cols-2" data-testid="microcourse-list">
          {loaderData.list.map((m) => (
            <li
              key={m.id}
              className="relative flex flex-col gap-2 rounded-component border border-line bg-surface p-5 shadow-sm focus-within:ring-2 focus-within:ring-primary"
            >
              <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-muted">
                <Icon name={ELEMENT_ICON[m.type]} className="size-4" />
                {t(`element.type.${m.type}`)} · <span className="normal-case">{formatDuration(m.duration, lang)}</span>
              </p>
              <h2 className="font-title text-xl font-bold text-ink">
                <Link to={`/${lang}/microcourse/${encodeURIComponent(m.id)}`} className="outline-none after:absolute after:inset-0 hover:text-primary-strong">
                  {m.title}
                </Link>
              </h2>
              {m.description ? <p className="text-muted">{m.description}</p> : null}
              <span>
                <Badge tone={m.access.requiresLogin ? "neutral" : "success"}>
                  {t(m.access.requiresLogin ? "microcourse.needsAccount" : "microcourse.open")}
                </Badge>
              </span>
            </li>
          ))}
        </ul>
        <ListPager
          label={t("microcourse.pagesLabel")}
          prev={loaderData.prev ? { href: loaderData.prev, text: t("catalogue.pages.previous") } : null}
          next={loaderData.next ? { href: loaderData.next, text: t("catalogue.pages.next") } : null}
          testId="microcourse-pages"
        />
      </div>
    );
  }
  const m = loaderData.microcourse;
  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-8" data-testid="microcourse-page" data-microcourse={m.id}>
      <header className="flex flex-col gap-3">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold uppercase tracking-wide text-muted">
          <Icon name={ELEMENT_ICON[m.type]} className="size-4" />
          {t("microcourse.kind", { type: t(`element.type.${m.type}`) })}
          <span aria-hidden="true">·</span>
          <span className="normal-case">{formatDuration(m.duration, lang)}</span>
        </p>
        <h1 className="font-title text-3xl font-extrabold text-ink sm:text-4xl">{m.title}</h1>
        {m.description ? <p className="text-lg text-muted">{m.description}</p> : null}
      </header>
      {m.components.length > 0 ? <PageRenderer blocks={m.components} /> : <p className="text-muted">{t("element.empty")}</p>}
    </article>
  );
}
