import type { Config } from "../../config";
import type { Db } from "../client";
import { changeContent } from "../../platform/content-version";
import { DEMO_LANGS, childPortalTitle, mainPageBlocks, navTitles, portalTitle, systemPage } from "./demo-content";
import { seedDemoAdvantages } from "./demo-advantages";
import { upsertEnvironment, upsertPage, upsertPortal } from "./factories";
import { removeDemoPreviewSecret, seedDemoCourses } from "./demo-courses";
import { SHOWCASE_ALIAS, seedDemoShowcase } from "./demo-showcase";
import { seedDemoForms } from "./demo-forms";
import { seedDemoPolicies } from "./demo-policies";
import { seedDemoCoupons } from "./demo-coupons";
import { seedDemoCreator } from "./demo-creator";
import { seedDemoMentors } from "./demo-mentors";
import { seedDemoRewards } from "./demo-rewards";

/**
 * What start-up seeds: the demo content with SEED_DEMO; without it nothing, and the demo's public
 * preview secret is removed should an earlier demo run have left it on a course.
 */
export async function seedAtStart(db: Db, config: Pick<Config, "PORTAL_ID" | "ENVIRONMENT_ID" | "SEED_DEMO">) {
  if (config.SEED_DEMO) await seedDemo(db, config);
  else await removeDemoPreviewSecret(db);
}

/**
 * Demo portal, environment and pages. Safe to run at every start: existing rows are kept. One content
 * change: one transaction, one bump of the content version (running instances drop their caches once).
 */
export function seedDemo(db: Db, config: Pick<Config, "PORTAL_ID" | "ENVIRONMENT_ID">): Promise<void> {
  return changeContent(db, (tx) => seedDemoContent(tx, config));
}

async function seedDemoContent(db: Db, config: Pick<Config, "PORTAL_ID" | "ENVIRONMENT_ID">) {
  const envId = config.ENVIRONMENT_ID;
  await upsertPortal(db, {
    id: config.PORTAL_ID,
    type: "other",
    title: portalTitle,
    i18n: { langs: [...DEMO_LANGS], primaryLang: "tr" },
    favicon: "/favicon.svg",
    lessonLoadIcon: { url: "/brand/mentora-mark.svg" },
    registration: {
      type: "email",
      email: true,
      swapPopups: false,
      gdpr: false,
      anonymous: true,
      google: false,
      facebook: false,
      googleOneTap: false,
      messengers: [],
    },
    authMigration: false,
  });
  await upsertPortal(db, {
    id: `${config.PORTAL_ID}-kids`,
    parentId: config.PORTAL_ID,
    type: "mono",
    title: childPortalTitle,
    i18n: { langs: ["tr", "en"], primaryLang: "tr" },
  });
  await upsertEnvironment(db, {
    id: envId,
    portalId: config.PORTAL_ID,
    theme: {
      textFont: { name: "Noto Sans" },
      titleFont: { name: "Noto Sans" },
      componentBorderRadius: 20,
      button: { borderRadius: 30, type: "gradient" },
      color: "blue",
    },
    logo: { tr: "/brand/logo-tr.svg", en: "/brand/logo-en.svg" },
    contacts: { email: "hello@mentora.example", phone: "+90 212 000 00 00" },
    socials: [
      { network: "youtube", url: "https://www.youtube.com/@mentora" },
      { network: "instagram", url: "https://www.instagram.com/mentora" },
    ],
    navigation: [
      { id: "nav-home", title: navTitles.home, alias: "main", link: "/", published: true },
      // A menu with icons, a second-level group and a new-tab link (decision 0055), so a fresh start shows them.
      {
        id: "nav-learn",
        title: navTitles.learn,
        icon: "book",
        published: true,
        children: [
          { id: "nav-learn-courses", title: navTitles.allCourses, link: "/courses/", icon: "list", published: true },
          { id: "nav-learn-microcourse", title: navTitles.microcourse, link: "/microcourse/breathing-break", icon: "star", published: true },
          {
            id: "nav-learn-watch",
            title: navTitles.watch,
            icon: "video",
            published: true,
            children: [
              { id: "nav-learn-video-event", title: navTitles.videoEvent, link: "/video-event/history-of-writing", icon: "calendar", published: true },
              {
                id: "nav-learn-youtube",
                title: navTitles.youtube,
                link: "https://www.youtube.com/@mentora",
                icon: "play",
                openInNewTab: true,
                published: true,
              },
            ],
          },
          { id: "nav-learn-showcase", title: navTitles.showcase, alias: SHOWCASE_ALIAS, icon: "file", published: true },
        ],
      },
      { id: "nav-about", title: navTitles.about, link: "/#main-quote", published: true },
      { id: "nav-faq", title: navTitles.faq, link: "/#main-faq", published: true },
    ],
    seo: {
      title: portalTitle,
      description: {
        tr: "Mentora: mentor desteğiyle ücretsiz ve ücretli çevrim içi kurslar.",
        en: "Mentora: free and paid online courses with a mentor at your side.",
        ar: "منتورا: دورات مجانية ومدفوعة عبر الإنترنت مع مرشد إلى جانبك.",
        ru: "Mentora: бесплатные и платные онлайн-курсы с поддержкой наставника.",
      },
      image: "/brand/og-image.svg",
    },
    integrations: { enabledCustomScripts: false, customScripts: [], messengers: {} },
  });
  for (const lang of DEMO_LANGS) {
    const m = mainPageBlocks(lang);
    await upsertPage(db, {
      id: `page-main-${lang}`,
      environmentId: envId,
      lang,
      alias: "main",
      title: m.title,
      description: m.description,
      published: true,
      type: "page",
      components: m.blocks,
    });
    for (const alias of ["404", "access-denied"] as const) {
      const s = systemPage(alias, lang);
      await upsertPage(db, {
        id: `page-${alias}-${lang}`,
        environmentId: envId,
        lang,
        alias,
        title: s.title,
        published: true,
        noindex: true,
        type: "system",
        components: s.blocks,
      });
    }
  }
  await seedDemoAdvantages(db, envId);
  await seedDemoPolicies(db, envId);
  await seedDemoForms(db, envId);
  await seedDemoShowcase(db, envId);
  await seedDemoCourses(db, config);
  await seedDemoCoupons(db, envId);
  await seedDemoMentors(db, config.PORTAL_ID);
  await seedDemoCreator(db);
  await seedDemoRewards(db, config.PORTAL_ID);
}
