import type { TBlock } from "../../../domain/page";
import type { Db } from "../client";
import { DEMO_LANGS, type DemoLang } from "./demo-content";
import { upsertPage } from "./factories";

/** Seed 001 §2: the registration popup shows this page when it is published. */
const texts: Record<DemoLang, { title: string; points: Array<[string, string]> }> = {
  en: {
    title: "Why create an account",
    points: [
      ["✓", "Your progress is kept on every device"],
      ["✓", "A mentor answers your questions within 24 hours"],
      ["✓", "Certificates for the courses you finish"],
    ],
  },
  tr: {
    title: "Neden hesap oluşturmalı",
    points: [
      ["✓", "İlerlemeniz her cihazda saklanır"],
      ["✓", "Bir mentor sorularınızı 24 saat içinde yanıtlar"],
      ["✓", "Bitirdiğiniz kurslar için sertifikalar"],
    ],
  },
  ar: {
    title: "لماذا تنشئ حسابًا",
    points: [
      ["✓", "يُحفظ تقدّمك على كل أجهزتك"],
      ["✓", "يجيب مرشد عن أسئلتك خلال 24 ساعة"],
      ["✓", "شهادات للدورات التي تُتمّها"],
    ],
  },
  ru: {
    title: "Зачем создавать аккаунт",
    points: [
      ["✓", "Прогресс сохраняется на всех устройствах"],
      ["✓", "Наставник отвечает на вопросы в течение 24 часов"],
      ["✓", "Сертификаты за пройденные курсы"],
    ],
  },
};

export function advantagesBlocks(lang: DemoLang): TBlock[] {
  const t = texts[lang];
  return [
    { id: "advantages-title", type: "text", props: { title: t.title, html: "" } },
    ...t.points.map(([value, text], i): TBlock => ({ id: `advantages-${i}`, type: "fact", props: { variant: "fact", value, text } })),
  ];
}

export async function seedDemoAdvantages(db: Db, environmentId: string) {
  for (const lang of DEMO_LANGS) {
    await upsertPage(db, {
      id: `page-advantages-${lang}`,
      environmentId,
      lang,
      alias: "advantages",
      title: texts[lang].title,
      published: true,
      type: "page",
      components: advantagesBlocks(lang),
    });
  }
}
