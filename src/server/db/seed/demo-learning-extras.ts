import type { TElementType } from "../../../domain/element";
import type { TBlock } from "../../../domain/page";
import { fact, paras, text, type L } from "./demo-course-kit";
import type { DemoLang } from "./demo-content";

/** Demo microcourses, the video event and course reviews, in the four demo languages. */

export interface DemoMicrocourse {
  id: string;
  type: TElementType;
  accessType: "free_access" | "requred_registration";
  duration: number;
  cover: string;
  index: number;
  title: L;
  description: L;
  blocks: (lang: DemoLang) => TBlock[];
}

const breathingHtml: L = {
  en: paras(
    "Sit upright and let your shoulders drop. Breathe in through the nose for four counts, hold for four, breathe out for six. Repeat five times.",
    "Use it before a test, a call or a hard page: one minute is enough to start again.",
  ),
  tr: paras(
    "Dik oturun ve omuzlarınızı bırakın. Burnunuzdan dört sayarak nefes alın, dört sayı tutun, altı sayarak verin. Beş kez tekrarlayın.",
    "Bir sınavdan, bir görüşmeden ya da zor bir sayfadan önce kullanın: yeniden başlamak için bir dakika yeter.",
  ),
  ar: paras(
    "اجلس مستقيماً وأرخِ كتفيك. تنفّس من أنفك وأنت تعدّ إلى أربعة، واحبس النفس أربعاً، ثم ازفر وأنت تعدّ إلى ستة. كرّر ذلك خمس مرات.",
    "استخدمه قبل اختبار أو مكالمة أو صفحة صعبة: تكفي دقيقة واحدة لتبدأ من جديد.",
  ),
  ru: paras(
    "Сядьте прямо и расслабьте плечи. Вдохните носом на четыре счёта, задержите дыхание на четыре, выдохните на шесть. Повторите пять раз.",
    "Делайте так перед проверкой, звонком или трудной страницей: одной минуты достаточно, чтобы начать заново.",
  ),
};
const plannerHtml: L = {
  en: paras("In this live session a mentor builds a week of study with you: what to learn, when, and how to notice you are done. Bring your calendar."),
  tr: paras(
    "Bu canlı oturumda bir mentor sizinle birlikte bir haftalık çalışma planı kurar: ne öğreneceğiniz, ne zaman ve bittiğini nasıl anlayacağınız. Takviminizi getirin.",
  ),
  ar: paras("في هذه الجلسة المباشرة يبني معك مرشد أسبوعاً من الدراسة: ماذا تتعلّم، ومتى، وكيف تعرف أنك أنهيت. أحضر تقويمك."),
  ru: paras(
    "На этой онлайн-встрече наставник вместе с вами составит учебную неделю: что изучать, когда и как понять, что вы закончили. Возьмите с собой календарь.",
  ),
};

export const demoMicrocourses: DemoMicrocourse[] = [
  {
    id: "breathing-break",
    type: "lesson",
    accessType: "free_access",
    duration: 3,
    cover: "/demo/courses/breathing.svg",
    index: 0,
    title: { tr: "Bir dakikalık nefes molası", en: "A one-minute breathing break", ar: "استراحة تنفّس لدقيقة واحدة", ru: "Минутная дыхательная пауза" },
    description: {
      tr: "Zor bir işten önce sakinleşmek için basit bir nefes egzersizi.",
      en: "A simple breathing exercise to settle before something hard.",
      ar: "تمرين تنفّس بسيط لتهدأ قبل أمر صعب.",
      ru: "Простое дыхательное упражнение, чтобы успокоиться перед трудным делом.",
    },
    blocks: (lang) => [
      text("mc-breath-text", breathingHtml[lang]),
      fact("mc-breath-fact", "4 · 4 · 6", { tr: "nefes al · tut · ver", en: "in · hold · out", ar: "شهيق · حبس · زفير", ru: "вдох · пауза · выдох" }[lang]),
    ],
  },
  {
    id: "study-planner",
    type: "webinar",
    accessType: "requred_registration",
    duration: 30,
    cover: "/demo/courses/planner.svg",
    index: 1,
    title: { tr: "Haftanızı planlayın", en: "Plan your study week", ar: "خطّط لأسبوعك الدراسي", ru: "Спланируйте учебную неделю" },
    description: {
      tr: "Bir mentorla canlı planlama oturumu; kayıtlı öğrenciler için.",
      en: "A live planning session with a mentor, for registered learners.",
      ar: "جلسة تخطيط مباشرة مع مرشد، للمتعلّمين المسجّلين.",
      ru: "Живая встреча по планированию с наставником — для зарегистрированных учащихся.",
    },
    blocks: (lang) => [text("mc-plan-text", plannerHtml[lang])],
  },
];

export const demoVideoEvent = {
  id: "history-of-writing",
  cover: "/demo/courses/writing.svg",
  title: {
    tr: "Akşam dersleri: yazının tarihi",
    en: "Evening lectures: the history of writing",
    ar: "محاضرات المساء: تاريخ الكتابة",
    ru: "Вечерние лекции: история письменности",
  } as L,
  description: {
    tr: "Kil tabletlerden ekranlara, insanların düşüncelerini nasıl kaydettiğine dair beş akşam.",
    en: "Five evenings on how people have kept their thoughts, from clay tablets to screens.",
    ar: "خمس أمسيات عن كيف حفظ الناس أفكارهم، من الألواح الطينية إلى الشاشات.",
    ru: "Пять вечеров о том, как люди сохраняли свои мысли — от глиняных табличек до экранов.",
  } as L,
  /** Start relative to the seeding time, in days; 0 = later the same day. */
  episodes: [
    { id: "how-clay", offsetDays: -14, title: { tr: "Kil ve kamış", en: "Clay and reed", ar: "الطين والقصب", ru: "Глина и тростник" } as L },
    {
      id: "how-alphabets",
      offsetDays: -2,
      title: { tr: "Alfabelerin doğuşu", en: "The birth of alphabets", ar: "ولادة الأبجديات", ru: "Рождение алфавитов" } as L,
    },
    {
      id: "how-manuscripts",
      offsetDays: 0,
      title: { tr: "El yazmaları ve kâtipler", en: "Manuscripts and scribes", ar: "المخطوطات والنسّاخ", ru: "Рукописи и переписчики" } as L,
    },
    { id: "how-printing", offsetDays: 3, title: { tr: "Matbaa", en: "The printing press", ar: "المطبعة", ru: "Книгопечатание" } as L },
    { id: "how-screens", offsetDays: 10, title: { tr: "Ekranda okumak", en: "Reading on screens", ar: "القراءة على الشاشات", ru: "Чтение с экрана" } as L },
  ],
};

export interface DemoReview {
  id: string;
  courseId: string;
  lang: DemoLang;
  author: string;
  rating: number;
  text: string;
  daysAgo: number;
}

export const demoReviews: DemoReview[] = [
  {
    id: "rv-rf-en-1",
    courseId: "reading-foundations",
    lang: "en",
    author: "Elif",
    rating: 5,
    daysAgo: 3,
    text: "The three readings felt slow at first. Two weeks later I remember the passages better than anything I skimmed this year.",
  },
  {
    id: "rv-rf-en-2",
    courseId: "reading-foundations",
    lang: "en",
    author: "Daniel",
    rating: 4,
    daysAgo: 11,
    text: "Short, clear lessons. The reading circle was the best part; I wish it were twice a week.",
  },
  {
    id: "rv-rf-tr-1",
    courseId: "reading-foundations",
    lang: "tr",
    author: "Ayşe",
    rating: 5,
    daysAgo: 5,
    text: "Ana fikri on iki kelimeyle yazmak zor ama çok öğretici. Artık her makalede bunu yapıyorum.",
  },
  {
    id: "rv-rf-tr-2",
    courseId: "reading-foundations",
    lang: "tr",
    author: "Mehmet",
    rating: 4,
    daysAgo: 9,
    text: "Dersler kısa ve net. Kontrol sorularını kâğıda yazmak işe yaradı.",
  },
  {
    id: "rv-rf-ar-1",
    courseId: "reading-foundations",
    lang: "ar",
    author: "مريم",
    rating: 5,
    daysAgo: 4,
    text: "علّمتني هذه الدورة أن أبطئ. صرت أفهم المقالات الطويلة من القراءة الأولى تقريباً.",
  },
  {
    id: "rv-rf-ar-2",
    courseId: "reading-foundations",
    lang: "ar",
    author: "يوسف",
    rating: 4,
    daysAgo: 12,
    text: "دروس قصيرة وواضحة، وحلقة القراءة المباشرة ممتعة جداً.",
  },
  {
    id: "rv-rf-ru-1",
    courseId: "reading-foundations",
    lang: "ru",
    author: "Анна",
    rating: 5,
    daysAgo: 2,
    text: "Пометки на полях изменили то, как я читаю. Очень советую пройти все шесть шагов по порядку.",
  },
  {
    id: "rv-rf-ru-2",
    courseId: "reading-foundations",
    lang: "ru",
    author: "Игорь",
    rating: 4,
    daysAgo: 8,
    text: "Коротко и по делу. Читательский круг — лучшая часть курса.",
  },
  {
    id: "rv-lh-en-1",
    courseId: "lasting-habits",
    lang: "en",
    author: "Sam",
    rating: 5,
    daysAgo: 6,
    text: "Two minutes a day sounded silly. Forty days later I am still reading a page every morning.",
  },
  {
    id: "rv-lh-tr-1",
    courseId: "lasting-habits",
    lang: "tr",
    author: "Zeynep",
    rating: 5,
    daysAgo: 7,
    text: "Alışkanlığı sabah çayına bağlamak işe yaradı. Sırayla gitmek zorunda olmamak da güzel.",
  },
  {
    id: "rv-lh-ar-1",
    courseId: "lasting-habits",
    lang: "ar",
    author: "عمر",
    rating: 4,
    daysAgo: 10,
    text: "فكرة الدقيقتين بسيطة لكنها فعّالة، وجلسة الأسئلة مع المدرّب كانت مفيدة.",
  },
  {
    id: "rv-lh-ru-1",
    courseId: "lasting-habits",
    lang: "ru",
    author: "Ольга",
    rating: 5,
    daysAgo: 1,
    text: "Привязка к утреннему чаю сработала. Удобно, что шаги можно проходить в любом порядке.",
  },
  {
    id: "rv-cs-en-1",
    courseId: "confident-speaking",
    lang: "en",
    author: "Priya",
    rating: 5,
    daysAgo: 4,
    text: "The small-group practice was worth the price on its own. I gave my first conference talk a month later.",
  },
  {
    id: "rv-cs-tr-1",
    courseId: "confident-speaking",
    lang: "tr",
    author: "Can",
    rating: 5,
    daysAgo: 6,
    text: "Üç bölümlü yapı sunumlarımı tamamen değiştirdi. Uygulama oturumu çok değerliydi.",
  },
  {
    id: "rv-cs-ar-1",
    courseId: "confident-speaking",
    lang: "ar",
    author: "ليلى",
    rating: 4,
    daysAgo: 13,
    text: "تعلّمت أن أبدأ بسؤال بدل الاعتذار. جلسة التدريب الجماعية كانت الأفضل.",
  },
  {
    id: "rv-cs-ru-1",
    courseId: "confident-speaking",
    lang: "ru",
    author: "Дмитрий",
    rating: 5,
    daysAgo: 3,
    text: "Чек-лист итогового выступления теперь висит у меня над столом. Отличный курс.",
  },
];
