import type { Db } from "../client";
import { awards, courseGifts } from "../schema/rewards";
import { ZAwardDefinition, ZCourseGift, type TAwardDefinition, type TCourseGift } from "../../../domain/rewards";

/** The demo's award for finishing any course (issue 13 "one award"). */
export const DEMO_AWARD: TAwardDefinition = {
  id: "first-finish",
  badge: "trophy",
  title: { en: "Finisher", tr: "Bitirici", ru: "Финишер", ar: "المُتمّ" },
  description: {
    en: "You finished a whole course, every lesson, test and webinar of it.",
    tr: "Bir kursu baştan sona, tüm dersleri, testleri ve webinarıyla bitirdiniz.",
    ru: "Вы прошли курс целиком: все уроки, тесты и вебинары.",
    ar: "أتممت دورة كاملة بكل دروسها واختباراتها وندواتها.",
  },
  rule: { kind: "course-finished" },
};

/** The demo's award for a test passed with full marks (any test of any course). */
export const DEMO_FULL_MARKS_AWARD: TAwardDefinition = {
  id: "full-marks",
  badge: "trophy",
  title: { en: "Full marks", tr: "Tam puan", ru: "Высший балл", ar: "العلامة الكاملة" },
  description: {
    en: "You passed a test with every answer right.",
    tr: "Bir testi tüm soruları doğru yanıtlayarak geçtiniz.",
    ru: "Вы прошли тест, ответив верно на все вопросы.",
    ar: "اجتزت اختبارًا وأجبت عن كل أسئلته إجابة صحيحة.",
  },
  rule: { kind: "test-full-marks" },
};

/** The demo's award for a first answer to another learner's or a mentor's post in any discussion. */
export const DEMO_ANSWER_AWARD: TAwardDefinition = {
  id: "first-answer",
  badge: "star",
  title: { en: "Helping hand", tr: "Yardım eli", ru: "Рука помощи", ar: "يد العون" },
  description: {
    en: "You answered a post in a course discussion for the first time.",
    tr: "Bir kurs tartışmasında ilk kez bir gönderiyi yanıtladınız.",
    ru: "Вы впервые ответили на сообщение в обсуждении курса.",
    ar: "أجبت لأول مرة عن مشاركة في نقاش دورة.",
  },
  rule: { kind: "discussion-answer" },
};

/** The demo's completion gift: the free sequential course gives a printable reading checklist. */
export const DEMO_GIFT: { courseId: string; gift: TCourseGift } = {
  courseId: "reading-foundations",
  gift: {
    kind: "file",
    url: "/demo/gifts/reading-checklist.pdf",
    title: { en: "Reading checklist (PDF)", tr: "Okuma kontrol listesi (PDF)", ru: "Чек-лист чтения (PDF)", ar: "قائمة مراجعة القراءة (PDF)" },
  },
};

/** Seeded once: an admin's later changes are kept. */
export async function seedDemoRewards(db: Db, portalId: string): Promise<void> {
  await db
    .insert(awards)
    .values([DEMO_AWARD, DEMO_FULL_MARKS_AWARD, DEMO_ANSWER_AWARD].map((a) => ({ portalId, id: a.id, definition: ZAwardDefinition.parse(a) })))
    .onConflictDoNothing();
  await db
    .insert(courseGifts)
    .values({ courseId: DEMO_GIFT.courseId, gift: ZCourseGift.parse(DEMO_GIFT.gift) })
    .onConflictDoNothing();
}
