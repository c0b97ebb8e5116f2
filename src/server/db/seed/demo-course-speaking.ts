import { fact, faq, paras, quote, text, type DemoCourse, type L } from "./demo-course-kit";
import type { DemoLang } from "./demo-content";

/** Paid (490 UAH), sequential. */

const t =
  <T>(m: Record<DemoLang, T>) =>
  (lang: DemoLang) =>
    m[lang];

const firstTitle: L = { tr: "İlk dakikanız", en: "Your first minute", ar: "دقيقتك الأولى", ru: "Ваша первая минута" };
const firstHtml = t({
  en: paras(
    "Listeners decide in the first minute whether to follow you. Open with a question, a number or a short story, never with an apology.",
    "Write three possible openings for a talk you will give, and read each one aloud.",
  ),
  tr: paras(
    "Dinleyiciler sizi izleyip izlemeyeceklerine ilk dakikada karar verir. Bir soru, bir sayı ya da kısa bir hikâyeyle açın; asla bir özürle değil.",
    "Yapacağınız bir konuşma için üç olası açılış yazın ve her birini sesli okuyun.",
  ),
  ar: paras(
    "يقرر المستمعون في الدقيقة الأولى ما إذا كانوا سيتابعونك. ابدأ بسؤال أو رقم أو قصة قصيرة، ولا تبدأ أبداً باعتذار.",
    "اكتب ثلاث بدايات ممكنة لحديث ستلقيه، واقرأ كل واحدة منها بصوت عالٍ.",
  ),
  ru: paras(
    "Слушатели в первую же минуту решают, следить ли за вами. Начните с вопроса, числа или короткой истории — но никогда с извинения.",
    "Напишите три варианта начала для выступления, которое вам предстоит, и прочитайте каждый вслух.",
  ),
});
const firstFact = t<[string, string]>({
  en: ["60 s", "is all the time an opening has"],
  tr: ["60 sn", "bir açılışın sahip olduğu tüm süre"],
  ar: ["60 ثانية", "هي كل ما تملكه البداية من وقت"],
  ru: ["60 с", "— всё время, что есть у вступления"],
});

const structureTitle: L = { tr: "Üç bölümlü yapı", en: "A structure in three parts", ar: "بنية من ثلاثة أجزاء", ru: "Структура из трёх частей" };
const structureHtml = t({
  en: paras(
    "Tell them where you are going, take them there, and remind them where they have been. Three parts are easy to follow and easy to remember, for them and for you.",
  ),
  tr: paras(
    "Onlara nereye gittiğinizi söyleyin, onları oraya götürün ve nerede olduklarını hatırlatın. Üç bölüm hem onlar hem de sizin için kolay takip edilir ve kolay hatırlanır.",
  ),
  ar: paras("أخبرهم إلى أين تمضي، ثم خذهم إلى هناك، ثم ذكّرهم بما مرّوا به. الأجزاء الثلاثة سهلة المتابعة وسهلة التذكّر، لهم ولك."),
  ru: paras("Скажите, куда вы их ведёте, приведите туда и напомните, где они побывали. Три части легко удерживать в голове — и слушателям, и вам."),
});
const structureQuote = t<[string, string]>({
  en: ["There are always three speeches: the one you practised, the one you gave, and the one you wish you gave.", "Dale Carnegie"],
  tr: ["Her zaman üç konuşma vardır: prova ettiğiniz, yaptığınız ve keşke yapsaydım dediğiniz.", "Dale Carnegie"],
  ar: ["هناك دائماً ثلاث خطب: التي تدرّبت عليها، والتي ألقيتها، والتي تمنّيت لو ألقيتها.", "ديل كارنيغي"],
  ru: ["Речей всегда три: та, которую вы репетировали, та, которую произнесли, и та, которую хотели бы произнести.", "Дейл Карнеги"],
});

const practiceTitle: L = { tr: "Uygulama oturumu", en: "Practice session", ar: "جلسة تدريب", ru: "Практическое занятие" };
const practiceHtml = t({
  en: paras(
    "In small groups of four, each learner gives a three-minute talk and receives one compliment and one suggestion from every listener. A mentor keeps the time.",
  ),
  tr: paras(
    "Dört kişilik küçük gruplarda her öğrenci üç dakikalık bir konuşma yapar ve her dinleyiciden bir övgü ile bir öneri alır. Süreyi bir mentor tutar.",
  ),
  ar: paras("في مجموعات صغيرة من أربعة أشخاص، يلقي كل متعلّم حديثاً مدته ثلاث دقائق ويتلقى من كل مستمع إطراءً واحداً واقتراحاً واحداً. ويضبط المرشد الوقت."),
  ru: paras(
    "В группах по четыре человека каждый произносит трёхминутную речь и получает от каждого слушателя один комплимент и одно предложение. Время отмеряет наставник.",
  ),
});

const checklistTitle: L = {
  tr: "Son konuşma kontrol listesi",
  en: "Final talk checklist",
  ar: "قائمة التحقق للحديث الأخير",
  ru: "Чек-лист итогового выступления",
};
const checklistHtml = t({
  en: paras("Record a five-minute talk on a subject you know well, then go through the checklist while you watch it."),
  tr: paras("İyi bildiğiniz bir konuda beş dakikalık bir konuşma kaydedin, sonra izlerken kontrol listesinden geçin."),
  ar: paras("سجّل حديثاً مدته خمس دقائق عن موضوع تعرفه جيداً، ثم راجع قائمة التحقق وأنت تشاهده."),
  ru: paras("Запишите пятиминутное выступление на хорошо знакомую тему, а затем пройдитесь по чек-листу, пересматривая запись."),
});
const checklistItems = t<[string, Array<[string, string]>]>({
  en: [
    "Checklist",
    [
      ["Did the first minute make a promise?", "A question, a number or a story that the rest of the talk answers."],
      ["Can you name your three parts?", "If you cannot, neither can your listeners."],
      ["Did you end on the main point?", "The last sentence is the one people repeat."],
    ],
  ],
  tr: [
    "Kontrol listesi",
    [
      ["İlk dakika bir söz verdi mi?", "Konuşmanın geri kalanının yanıtladığı bir soru, sayı ya da hikâye."],
      ["Üç bölümünüzü sayabilir misiniz?", "Siz sayamıyorsanız dinleyicileriniz de sayamaz."],
      ["Ana fikirle mi bitirdiniz?", "İnsanların tekrarladığı, son cümledir."],
    ],
  ],
  ar: [
    "قائمة التحقق",
    [
      ["هل قدّمت الدقيقة الأولى وعداً؟", "سؤال أو رقم أو قصة يجيب عنها باقي الحديث."],
      ["هل تستطيع تسمية أجزائك الثلاثة؟", "إن لم تستطع، فلن يستطيع مستمعوك أيضاً."],
      ["هل ختمت بالفكرة الرئيسية؟", "الجملة الأخيرة هي التي يردّدها الناس."],
    ],
  ],
  ru: [
    "Чек-лист",
    [
      ["Дала ли первая минута обещание?", "Вопрос, число или история, на которые отвечает остальная речь."],
      ["Можете ли вы назвать три части?", "Если нет, слушатели тоже не смогут."],
      ["Закончили ли вы главной мыслью?", "Последнюю фразу люди и повторяют."],
    ],
  ],
});

const pageTexts = t<{ title: string; html: string; faq: [string, Array<[string, string]>] }>({
  en: {
    title: "Speaking with Confidence",
    html: paras("Four steps from your first minute on stage to a recorded talk you are proud of, with a live practice session in a small group."),
    faq: [
      "Before you buy",
      [
        ["What do I get?", "Two lessons, a live practice session with a mentor and a final checklist, open for as long as you like."],
        ["How do I pay?", "By card; the course opens as soon as the payment is confirmed."],
      ],
    ],
  },
  tr: {
    title: "Özgüvenle Konuşmak",
    html: paras("Sahnedeki ilk dakikanızdan gurur duyduğunuz kayıtlı bir konuşmaya dört adım; küçük bir grupta canlı uygulama oturumuyla."),
    faq: [
      "Satın almadan önce",
      [
        ["Ne alıyorum?", "İki ders, bir mentorla canlı uygulama oturumu ve son kontrol listesi; dilediğiniz kadar açık kalır."],
        ["Nasıl öderim?", "Kartla; ödeme onaylanır onaylanmaz kurs açılır."],
      ],
    ],
  },
  ar: {
    title: "التحدّث بثقة",
    html: paras("أربع خطوات من دقيقتك الأولى على المنصة إلى حديث مسجّل تفخر به، مع جلسة تدريب مباشرة في مجموعة صغيرة."),
    faq: [
      "قبل الشراء",
      [
        ["ماذا سأحصل؟", "درسان وجلسة تدريب مباشرة مع مرشد وقائمة تحقق نهائية، متاحة ما دمت تريد."],
        ["كيف أدفع؟", "بالبطاقة؛ تُفتح الدورة فور تأكيد الدفع."],
      ],
    ],
  },
  ru: {
    title: "Уверенная речь",
    html: paras("Четыре шага от первой минуты на сцене до записанного выступления, которым вы гордитесь, — с живой практикой в малой группе."),
    faq: [
      "Перед покупкой",
      [
        ["Что я получу?", "Два урока, живое практическое занятие с наставником и итоговый чек-лист — доступ без ограничения срока."],
        ["Как оплатить?", "Картой; курс откроется, как только платёж будет подтверждён."],
      ],
    ],
  },
});

export const speakingCourse: DemoCourse = {
  id: "confident-speaking",
  type: "paid",
  arbitraryWalkthrough: false,
  requiresRegistration: false,
  price: 490,
  currency: "UAH",
  duration: 90,
  cover: "/demo/courses/speaking.svg",
  index: 2,
  category: { id: "communication", title: { tr: "İletişim", en: "Communication", ar: "التواصل", ru: "Общение" } },
  title: { tr: "Özgüvenle Konuşmak", en: "Speaking with Confidence", ar: "التحدّث بثقة", ru: "Уверенная речь" },
  description: {
    tr: "İlk dakikadan kayıtlı bir konuşmaya: yapı, uygulama ve geri bildirim.",
    en: "From the first minute to a recorded talk: structure, practice and feedback.",
    ar: "من الدقيقة الأولى إلى حديث مسجّل: البنية والتدريب والتغذية الراجعة.",
    ru: "От первой минуты до записанного выступления: структура, практика и обратная связь.",
  },
  buttonText: { tr: "Derse devam et", en: "Continue learning", ar: "تابع التعلّم", ru: "Продолжить обучение" },
  buttonTextBuy: { tr: "490 ₴ karşılığında satın al", en: "Buy for 490 ₴", ar: "اشترِ مقابل 490 ₴", ru: "Купить за 490 ₴" },
  page: (lang) => {
    const p = pageTexts(lang);
    return [text("cs-page-intro", p.html, p.title), faq("cs-page-faq", p.faq[0], p.faq[1])];
  },
  elements: [
    {
      id: "cs-first-minute",
      type: "lesson",
      duration: 15,
      title: firstTitle,
      blocks: (lang) => [text("cs-first-text", firstHtml(lang), firstTitle[lang]), fact("cs-first-fact", ...firstFact(lang))],
    },
    {
      id: "cs-three-parts",
      type: "lesson",
      duration: 15,
      title: structureTitle,
      blocks: (lang) => [text("cs-parts-text", structureHtml(lang), structureTitle[lang]), quote("cs-parts-quote", ...structureQuote(lang))],
    },
    {
      id: "cs-practice",
      type: "webinar",
      duration: 45,
      title: practiceTitle,
      discussion: true,
      blocks: (lang) => [text("cs-practice-text", practiceHtml(lang), practiceTitle[lang])],
    },
    {
      id: "cs-checklist",
      type: "test",
      duration: 15,
      title: checklistTitle,
      blocks: (lang) => [text("cs-check-text", checklistHtml(lang), checklistTitle[lang]), faq("cs-check-faq", ...checklistItems(lang))],
    },
  ],
};
