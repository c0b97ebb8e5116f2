import { fact, faq, paras, quote, text, type DemoCourse, type L } from "./demo-course-kit";
import type { DemoLang } from "./demo-content";

/** Free, arbitrary walkthrough (every element open from the start), registration required. */

const t =
  <T>(m: Record<DemoLang, T>) =>
  (lang: DemoLang) =>
    m[lang];

const smallTitle: L = { tr: "Küçük başlayın", en: "Start small", ar: "ابدأ صغيراً", ru: "Начните с малого" };
const smallHtml = t({
  en: paras(
    "A new habit fails most often because it asks too much on a bad day. Shrink it until it takes two minutes: one page, one push-up, one line in a notebook.",
    "Two minutes done every day beat an hour done once. The size grows by itself once the habit is part of your day.",
  ),
  tr: paras(
    "Yeni bir alışkanlık çoğu zaman kötü bir günde fazla şey istediği için başarısız olur. İki dakikaya sığana kadar küçültün: bir sayfa, bir şınav, deftere bir satır.",
    "Her gün yapılan iki dakika, bir kez yapılan bir saatten iyidir. Alışkanlık gününüzün parçası olduğunda boyutu kendiliğinden büyür.",
  ),
  ar: paras(
    "تفشل العادة الجديدة غالباً لأنها تطلب الكثير في يوم سيئ. صغّرها حتى تستغرق دقيقتين: صفحة واحدة، أو تمرين ضغط واحد، أو سطر واحد في دفتر.",
    "دقيقتان كل يوم أفضل من ساعة مرة واحدة. يكبر حجم العادة من تلقاء نفسه حين تصبح جزءاً من يومك.",
  ),
  ru: paras(
    "Новая привычка чаще всего не приживается, потому что в плохой день требует слишком многого. Уменьшите её до двух минут: одна страница, одно отжимание, одна строчка в блокноте.",
    "Две минуты каждый день лучше часа один раз. Когда привычка станет частью дня, её объём вырастет сам.",
  ),
});

const anchorTitle: L = { tr: "Alışkanlığı bir ana bağlayın", en: "Anchor the habit", ar: "اربط العادة بلحظة ثابتة", ru: "Привяжите привычку к якорю" };
const anchorHtml = t({
  en: paras(
    "Tie the new habit to something you already do without thinking: after I pour my morning tea, I read one page. The old routine becomes the reminder.",
  ),
  tr: paras("Yeni alışkanlığı zaten düşünmeden yaptığınız bir şeye bağlayın: sabah çayımı koyduktan sonra bir sayfa okurum. Eski rutin hatırlatıcıya dönüşür."),
  ar: paras("اربط العادة الجديدة بشيء تفعله أصلاً دون تفكير: بعد أن أسكب شاي الصباح أقرأ صفحة واحدة. يصبح الروتين القديم هو المذكِّر."),
  ru: paras(
    "Привяжите новую привычку к тому, что вы уже делаете не задумываясь: «налив утренний чай, я читаю одну страницу». Старый ритуал становится напоминанием.",
  ),
});
const anchorQuote = t<[string, string]>({
  en: ["We are what we repeatedly do.", "Will Durant, after Aristotle"],
  tr: ["Biz, tekrar tekrar yaptığımız şeyleriz.", "Will Durant, Aristoteles'ten"],
  ar: ["نحن ما نفعله مراراً وتكراراً.", "ويل ديورانت، نقلاً عن أرسطو"],
  ru: ["Мы — то, что мы делаем постоянно.", "Уилл Дюрант, по Аристотелю"],
});

const qaTitle: L = { tr: "Bir koçla soru-cevap", en: "Q&A with a coach", ar: "أسئلة وأجوبة مع مدرّب", ru: "Вопросы и ответы с коучем" };
const qaHtml = t({
  en: paras(
    "A monthly live session where a coach answers your questions about keeping habits through travel, illness and busy weeks. Send your question in the chat before it starts.",
  ),
  tr: paras(
    "Bir koçun seyahat, hastalık ve yoğun haftalarda alışkanlıkları sürdürmeyle ilgili sorularınızı yanıtladığı aylık canlı oturum. Sorunuzu başlamadan önce sohbete gönderin.",
  ),
  ar: paras("جلسة مباشرة شهرية يجيب فيها مدرّب عن أسئلتك حول الحفاظ على العادات أثناء السفر والمرض والأسابيع المزدحمة. أرسل سؤالك في المحادثة قبل بدء الجلسة."),
  ru: paras(
    "Ежемесячная онлайн-встреча, на которой коуч отвечает на вопросы о том, как сохранять привычки в поездках, во время болезни и в загруженные недели. Пришлите вопрос в чат до начала.",
  ),
});
const qaFact = t<[string, string]>({
  en: ["1 / month", "live, with the recording kept here"],
  tr: ["Ayda 1", "canlı; kaydı burada saklanır"],
  ar: ["مرة شهرياً", "بثّ مباشر، ويبقى التسجيل هنا"],
  ru: ["1 раз в месяц", "в прямом эфире, запись остаётся здесь"],
});

const planTitle: L = { tr: "Alışkanlık planınız", en: "Your habit plan", ar: "خطة عادتك", ru: "Ваш план привычки" };
const planHtml = t({
  en: paras("Answer the three questions in your notebook. Your answers are your plan; come back to them after two weeks."),
  tr: paras("Üç soruyu defterinizde yanıtlayın. Yanıtlarınız planınızdır; iki hafta sonra onlara geri dönün."),
  ar: paras("أجب عن الأسئلة الثلاثة في دفترك. إجاباتك هي خطتك؛ عُد إليها بعد أسبوعين."),
  ru: paras("Ответьте на три вопроса в блокноте. Ваши ответы и есть план; вернитесь к ним через две недели."),
});
const planItems = t<[string, Array<[string, string]>]>({
  en: [
    "Plan",
    [
      ["What is the two-minute version?", "Small enough that you could do it on your worst day."],
      ["What is the anchor?", "An existing routine that comes right before it."],
      ["How will you track it?", "A mark on a calendar is enough."],
    ],
  ],
  tr: [
    "Plan",
    [
      ["İki dakikalık hali nedir?", "En kötü gününüzde bile yapabileceğiniz kadar küçük."],
      ["Bağlantı anı nedir?", "Hemen öncesinde gelen mevcut bir rutin."],
      ["Nasıl takip edeceksiniz?", "Takvimde bir işaret yeterlidir."],
    ],
  ],
  ar: [
    "الخطة",
    [
      ["ما نسخة الدقيقتين منها؟", "صغيرة بما يكفي لتؤديها حتى في أسوأ أيامك."],
      ["ما اللحظة الثابتة؟", "روتين قائم يأتي قبلها مباشرة."],
      ["كيف ستتابعها؟", "تكفي علامة على التقويم."],
    ],
  ],
  ru: [
    "План",
    [
      ["Какова двухминутная версия?", "Настолько маленькая, что её можно выполнить даже в самый тяжёлый день."],
      ["Что служит якорем?", "Существующий ритуал, который идёт прямо перед ней."],
      ["Как вы будете отмечать?", "Достаточно отметки в календаре."],
    ],
  ],
});

const pageTexts = t<{ title: string; html: string }>({
  en: {
    title: "Habits That Last",
    html: paras("Four independent steps you can take in any order. Sign in to open them and keep your notes with your progress."),
  },
  tr: {
    title: "Kalıcı Alışkanlıklar",
    html: paras("İstediğiniz sırayla atabileceğiniz dört bağımsız adım. Onları açmak ve notlarınızı ilerlemenizle birlikte saklamak için giriş yapın."),
  },
  ar: { title: "عادات تدوم", html: paras("أربع خطوات مستقلة يمكنك أن تخطوها بأي ترتيب. سجّل الدخول لفتحها وحفظ ملاحظاتك مع تقدّمك.") },
  ru: {
    title: "Привычки, которые остаются",
    html: paras("Четыре независимых шага, которые можно пройти в любом порядке. Войдите, чтобы открыть их и сохранять заметки вместе с прогрессом."),
  },
});

export const habitsCourse: DemoCourse = {
  id: "lasting-habits",
  type: "free",
  arbitraryWalkthrough: true,
  requiresRegistration: true,
  duration: 40,
  cover: "/demo/courses/habits.svg",
  index: 1,
  category: { id: "none", title: { tr: "", en: "", ar: "", ru: "" } },
  title: { tr: "Kalıcı Alışkanlıklar", en: "Habits That Last", ar: "عادات تدوم", ru: "Привычки, которые остаются" },
  description: {
    tr: "İstediğiniz sırayla dört adımda küçük ve kalıcı alışkanlıklar.",
    en: "Small habits that stick, in four steps you can take in any order.",
    ar: "عادات صغيرة تدوم، في أربع خطوات بأي ترتيب تشاء.",
    ru: "Маленькие привычки, которые приживаются, — в четырёх шагах в любом порядке.",
  },
  buttonText: { tr: "Başla", en: "Start", ar: "ابدأ", ru: "Начать" },
  buttonTextBuy: { tr: "Satın al", en: "Buy", ar: "اشترِ", ru: "Купить" },
  page: (lang) => {
    const p = pageTexts(lang);
    return [text("lh-page-intro", p.html, p.title)];
  },
  elements: [
    { id: "lh-start-small", type: "lesson", duration: 7, title: smallTitle, blocks: (lang) => [text("lh-small-text", smallHtml(lang), smallTitle[lang])] },
    {
      id: "lh-anchor",
      type: "lesson",
      duration: 8,
      title: anchorTitle,
      blocks: (lang) => [text("lh-anchor-text", anchorHtml(lang), anchorTitle[lang]), quote("lh-anchor-quote", ...anchorQuote(lang))],
    },
    {
      id: "lh-coach-qa",
      type: "webinar",
      duration: 20,
      title: qaTitle,
      discussion: true,
      blocks: (lang) => [text("lh-qa-text", qaHtml(lang), qaTitle[lang]), fact("lh-qa-fact", ...qaFact(lang))],
    },
    {
      id: "lh-plan",
      type: "test",
      duration: 5,
      title: planTitle,
      blocks: (lang) => [text("lh-plan-text", planHtml(lang), planTitle[lang]), faq("lh-plan-faq", ...planItems(lang))],
    },
  ],
};
