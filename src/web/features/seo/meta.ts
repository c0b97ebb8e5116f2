import type { MetaDescriptor } from "react-router";
import { pageRobots, type TPage } from "../../../domain/page";
import type { TPortalSettings, TSeoSettings } from "../../../domain/portal";
import { localized } from "../../../domain/localized";

export interface SeoInput {
  /** Page kind (course, element, main, page): decides the title pattern. */
  kind: "main" | "page" | "course" | "element";
  title?: string;
  description?: string | null;
  keywords?: string | null;
  image?: string | null;
  noindex?: boolean;
  url: string;
  lang: string;
  primaryLang: string;
  site: TSeoSettings;
  siteName: string;
}

function absolute(url: string | null | undefined, origin: string): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, origin).toString();
  } catch {
    return undefined;
  }
}

/** SEO meta per page kind (seed 3): title, description, keywords, canonical url, og tags, robots. */
export function seoMeta(i: SeoInput): MetaDescriptor[] {
  const siteTitle = localized(i.site.title, i.lang, i.primaryLang) || i.siteName;
  const title = i.kind === "main" || !i.title ? (i.title ? `${siteTitle} — ${i.title}` : siteTitle) : `${i.title} | ${siteTitle}`;
  const description = i.description || localized(i.site.description, i.lang, i.primaryLang);
  const keywords = i.keywords || localized(i.site.keywords, i.lang, i.primaryLang);
  const origin = new URL(i.url).origin;
  const image = absolute(i.image || i.site.image, origin);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: i.url },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: i.url },
    { property: "og:type", content: i.kind === "course" ? "article" : "website" },
    { property: "og:locale", content: i.lang },
  ];
  if (keywords) meta.push({ name: "keywords", content: keywords });
  if (image) meta.push({ property: "og:image", content: image });
  if (i.noindex) meta.push({ name: "robots", content: "noindex" });
  return meta;
}

/** The meta of a content page (main, designer page, policy) from its own fields and the portal settings. */
export function pageSeoMeta(
  kind: SeoInput["kind"],
  page: Pick<TPage, "title" | "description" | "keywords" | "image" | "published" | "noindex">,
  at: { url: string; lang: string; settings: TPortalSettings },
): MetaDescriptor[] {
  const { settings, lang } = at;
  const primaryLang = settings.portal.i18n.primaryLang;
  return seoMeta({
    kind,
    title: page.title,
    description: page.description,
    keywords: page.keywords,
    image: page.image,
    noindex: pageRobots(page) === "noindex",
    url: at.url,
    lang,
    primaryLang,
    site: settings.environment.seo,
    siteName: localized(settings.portal.title, lang, primaryLang),
  });
}
