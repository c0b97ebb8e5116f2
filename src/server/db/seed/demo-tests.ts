import type { TTestDefinitionInput } from "../../../domain/assessment/definition";
import type { L } from "./demo-course-kit";

/**
 * The real tests of the free sequential course (issue 13): every question kind (single, multiple,
 * free text, image choice), feedback and explanations in every demo language. The main-idea check
 * is a short automatic test; the final check draws 3 of 5 questions per attempt (unseen first).
 */

const right: L = { en: "Right.", tr: "Doğru.", ar: "صحيح.", ru: "Верно." };
const wrong: L = { en: "Not quite.", tr: "Tam değil.", ar: "ليس تماماً.", ru: "Не совсем." };
const fb = { correct: right, incorrect: wrong };

export const checkMainIdeaTest: TTestDefinitionInput = {
  passMark: 75,
  verificationType: "automatic",
  retake: { attemptLimit: null, cooldownSeconds: 0 },
  questions: [
    {
      id: "where",
      kind: "single",
      text: {
        en: "Where does the main idea of a paragraph usually sit?",
        tr: "Bir paragrafın ana fikri genellikle nerededir?",
        ar: "أين تقع الفكرة الرئيسية للفقرة عادةً؟",
        ru: "Где обычно находится главная мысль абзаца?",
      },
      variants: [
        {
          id: "edges",
          text: {
            en: "In the first or the last sentence",
            tr: "İlk ya da son cümlede",
            ar: "في الجملة الأولى أو الأخيرة",
            ru: "В первом или последнем предложении",
          },
        },
        { id: "middle", text: { en: "Always in the middle", tr: "Her zaman ortada", ar: "دائماً في المنتصف", ru: "Всегда в середине" } },
        { id: "title", text: { en: "Only in the title", tr: "Yalnızca başlıkta", ar: "في العنوان فقط", ru: "Только в заголовке" } },
      ],
      correct: ["edges"],
      feedback: fb,
      explanation: {
        en: "Authors often open or close with the point; the sentence they could not leave out carries it.",
        tr: "Yazarlar çoğu zaman asıl söyleyeceklerini başta ya da sonda söyler; çıkaramayacakları cümle onu taşır.",
        ar: "غالباً ما يبدأ الكتّاب بالفكرة أو يختمون بها؛ والجملة التي لا يستطيعون حذفها هي التي تحملها.",
        ru: "Авторы часто начинают или заканчивают главным; его несёт предложение, без которого не обойтись.",
      },
    },
    {
      id: "helps",
      kind: "multiple",
      text: {
        en: "Which of these help you find the main idea? Choose all that apply.",
        tr: "Bunlardan hangileri ana fikri bulmanıza yardım eder? Uygun olanların hepsini seçin.",
        ar: "أيّ مما يلي يساعدك على إيجاد الفكرة الرئيسية؟ اختر كل ما ينطبق.",
        ru: "Что помогает найти главную мысль? Выберите все подходящие варианты.",
      },
      variants: [
        {
          id: "edges",
          text: {
            en: "Reading the first and last sentence",
            tr: "İlk ve son cümleyi okumak",
            ar: "قراءة الجملة الأولى والأخيرة",
            ru: "Прочитать первое и последнее предложение",
          },
        },
        {
          id: "sorry",
          text: {
            en: "Asking what the author would be sorry to lose",
            tr: "Yazarın neyi kaybetmeye üzüleceğini sormak",
            ar: "أن تسأل عمّا سيحزن الكاتب لفقده",
            ru: "Спросить, о потере чего автор пожалел бы",
          },
        },
        { id: "count", text: { en: "Counting the words", tr: "Kelimeleri saymak", ar: "عدّ الكلمات", ru: "Посчитать слова" } },
      ],
      correct: ["edges", "sorry"],
      feedback: fb,
      explanation: {
        en: "Both reading strategies point at the key sentence; the length of a paragraph says nothing about its point.",
        tr: "İki okuma stratejisi de anahtar cümleyi gösterir; paragrafın uzunluğu asıl fikri hakkında bir şey söylemez.",
        ar: "كلتا الطريقتين تشيران إلى الجملة المفتاحية؛ أما طول الفقرة فلا يقول شيئاً عن فكرتها.",
        ru: "Обе стратегии указывают на ключевое предложение; длина абзаца ничего не говорит о его смысле.",
      },
    },
    {
      id: "words",
      kind: "text",
      text: {
        en: "At most how many words should your summary have? Write the number.",
        tr: "Özetiniz en fazla kaç kelime olmalı? Sayıyı yazın.",
        ar: "كم كلمة على الأكثر يجب أن يكون ملخصك؟ اكتب العدد.",
        ru: "Сколько слов самое большее должно быть в резюме? Напишите число.",
      },
      accepted: ["12", "twelve", "on iki", "oniki", "١٢", "اثنتا عشرة", "اثنا عشر", "двенадцать"],
      feedback: fb,
      explanation: {
        en: "Twelve words or fewer: short enough to force a choice.",
        tr: "En fazla on iki kelime: bir seçim yapmaya zorlayacak kadar kısa.",
        ar: "اثنتا عشرة كلمة أو أقل: قصير بما يكفي ليجبرك على الاختيار.",
        ru: "Не больше двенадцати слов — достаточно коротко, чтобы пришлось выбирать.",
      },
    },
    {
      id: "place",
      kind: "image",
      text: {
        en: "Which place suits slow reading best?",
        tr: "Yavaş okumaya en uygun yer hangisi?",
        ar: "أيّ مكان يناسب القراءة المتأنية أكثر؟",
        ru: "Какое место лучше всего подходит для медленного чтения?",
      },
      variants: [
        {
          id: "room",
          text: { en: "A quiet reading room", tr: "Sessiz bir okuma salonu", ar: "قاعة قراءة هادئة", ru: "Тихий читальный зал" },
          image: {
            url: "/demo/blocks/gallery-reading-room.svg",
            alt: {
              en: "A reading room with shelves and a lamp",
              tr: "Rafları ve lambası olan bir okuma salonu",
              ar: "قاعة قراءة فيها رفوف ومصباح",
              ru: "Читальный зал с полками и лампой",
            },
          },
        },
        {
          id: "laptop",
          text: { en: "A desk full of notifications", tr: "Bildirimlerle dolu bir masa", ar: "مكتب مليء بالإشعارات", ru: "Стол, полный уведомлений" },
          image: {
            url: "/demo/blocks/gallery-laptop.svg",
            alt: { en: "A laptop on a desk", tr: "Masada bir dizüstü bilgisayar", ar: "حاسوب محمول على مكتب", ru: "Ноутбук на столе" },
          },
        },
        {
          id: "board",
          text: { en: "A busy classroom whiteboard", tr: "Kalabalık bir sınıf tahtası", ar: "سبورة صف مزدحم", ru: "Доска в шумном классе" },
          image: {
            url: "/demo/blocks/gallery-whiteboard.svg",
            alt: {
              en: "A whiteboard covered in notes",
              tr: "Notlarla dolu bir beyaz tahta",
              ar: "سبورة بيضاء مليئة بالملاحظات",
              ru: "Доска, исписанная заметками",
            },
          },
        },
      ],
      correct: ["room"],
      feedback: fb,
      explanation: {
        en: "Attention grows where nothing competes for it.",
        tr: "Dikkat, onun için hiçbir şeyin yarışmadığı yerde büyür.",
        ar: "ينمو الانتباه حيث لا شيء ينافسه.",
        ru: "Внимание растёт там, где с ним ничто не соперничает.",
      },
    },
  ],
};

export const finalCheckTest: TTestDefinitionInput = {
  passMark: 66,
  verificationType: "automatic",
  retake: { attemptLimit: 5, cooldownSeconds: 0 },
  draw: 3,
  questions: [
    {
      id: "three",
      kind: "single",
      text: {
        en: "How many times does the course ask you to read a passage?",
        tr: "Kurs bir metni kaç kez okumanızı ister?",
        ar: "كم مرة تطلب منك الدورة قراءة المقطع؟",
        ru: "Сколько раз курс предлагает прочитать отрывок?",
      },
      variants: [
        { id: "one", text: { en: "Once", tr: "Bir kez", ar: "مرة واحدة", ru: "Один раз" } },
        { id: "three", text: { en: "Three times", tr: "Üç kez", ar: "ثلاث مرات", ru: "Три раза" } },
        { id: "ten", text: { en: "Ten times", tr: "On kez", ar: "عشر مرات", ru: "Десять раз" } },
      ],
      correct: ["three"],
      feedback: fb,
      explanation: {
        en: "Once for the story, once for the words, once for the questions it leaves.",
        tr: "Bir kez hikâye, bir kez kelimeler, bir kez de geride bıraktığı sorular için.",
        ar: "مرة للحكاية، ومرة للكلمات، ومرة للأسئلة التي يتركها.",
        ru: "Ради сюжета, ради слов и ради вопросов, которые он оставляет.",
      },
    },
    {
      id: "infer",
      kind: "multiple",
      text: {
        en: "Which are invitations to infer? Choose all that apply.",
        tr: "Hangileri çıkarım yapmaya davettir? Uygun olanların hepsini seçin.",
        ar: "أيّها دعوات إلى الاستنتاج؟ اختر كل ما ينطبق.",
        ru: "Что из этого — приглашение к догадке? Выберите все подходящие варианты.",
      },
      variants: [
        {
          id: "subject",
          text: { en: "A character changes the subject", tr: "Bir karakter konuyu değiştirir", ar: "شخصية تغيّر الموضوع", ru: "Герой меняет тему" },
        },
        {
          id: "repeat",
          text: { en: "A detail repeated twice", tr: "İki kez tekrarlanan bir ayrıntı", ar: "تفصيل يتكرر مرتين", ru: "Деталь, повторённая дважды" },
        },
        { id: "page", text: { en: "The page number", tr: "Sayfa numarası", ar: "رقم الصفحة", ru: "Номер страницы" } },
      ],
      correct: ["subject", "repeat"],
      feedback: fb,
      explanation: {
        en: "What the text does without saying is where inference starts.",
        tr: "Metnin söylemeden yaptığı şey, çıkarımın başladığı yerdir.",
        ar: "ما يفعله النص دون أن يقوله هو حيث يبدأ الاستنتاج.",
        ru: "Догадка начинается там, где текст что-то делает, не говоря об этом.",
      },
    },
    {
      id: "margin",
      kind: "text",
      text: {
        en: "What do you use to mark sentences while reading? One word.",
        tr: "Okurken cümleleri işaretlemek için ne kullanırsınız? Tek kelime.",
        ar: "ماذا تستخدم لوضع علامات على الجمل أثناء القراءة؟ كلمة واحدة.",
        ru: "Чем вы отмечаете предложения при чтении? Одно слово.",
      },
      accepted: ["pencil", "a pencil", "kalem", "kurşun kalem", "قلم", "قلم رصاص", "карандаш"],
      feedback: fb,
      explanation: {
        en: "A pencil: the marks are the raw material of the later lessons.",
        tr: "Bir kalem: işaretler sonraki derslerin ham maddesidir.",
        ar: "القلم: فالعلامات هي المادة الخام للدروس التالية.",
        ru: "Карандаш: пометки — материал для следующих уроков.",
      },
    },
    {
      id: "summary",
      kind: "single",
      text: {
        en: "Two good summaries of one passage…",
        tr: "Bir metnin iki iyi özeti…",
        ar: "ملخّصان جيدان للمقطع نفسه…",
        ru: "Два хороших резюме одного отрывка…",
      },
      variants: [
        { id: "same", text: { en: "are always identical", tr: "her zaman aynıdır", ar: "متطابقان دائماً", ru: "всегда совпадают" } },
        { id: "differ", text: { en: "can differ", tr: "farklı olabilir", ar: "قد يختلفان", ru: "могут отличаться" } },
      ],
      correct: ["differ"],
      feedback: fb,
      explanation: {
        en: "Readers weigh sentences differently; compare with a friend or your mentor.",
        tr: "Okurlar cümleleri farklı tartar; bir arkadaşınızla ya da mentorunuzla karşılaştırın.",
        ar: "يزن القرّاء الجمل بطرق مختلفة؛ قارن مع صديق أو مع مرشدك.",
        ru: "Читатели по-разному взвешивают предложения; сравните с другом или наставником.",
      },
    },
    {
      id: "book",
      kind: "image",
      text: {
        en: "Which picture shows notes kept while reading?",
        tr: "Hangi resim okurken alınan notları gösteriyor?",
        ar: "أيّ صورة تُظهر ملاحظات دُوّنت أثناء القراءة؟",
        ru: "На какой картинке заметки, сделанные во время чтения?",
      },
      variants: [
        {
          id: "notebooks",
          text: { en: "Notebooks", tr: "Defterler", ar: "دفاتر", ru: "Тетради" },
          image: {
            url: "/demo/blocks/gallery-notebooks.svg",
            alt: { en: "Open notebooks with notes", tr: "Notlu açık defterler", ar: "دفاتر مفتوحة فيها ملاحظات", ru: "Открытые тетради с заметками" },
          },
        },
        {
          id: "sunrise",
          text: { en: "A sunrise", tr: "Gün doğumu", ar: "شروق الشمس", ru: "Восход" },
          image: {
            url: "/demo/blocks/gallery-sunrise.svg",
            alt: { en: "The sun rising over hills", tr: "Tepelerin üzerinde doğan güneş", ar: "الشمس تشرق فوق التلال", ru: "Солнце встаёт над холмами" },
          },
        },
      ],
      correct: ["notebooks"],
      feedback: fb,
      explanation: {
        en: "Notes turn reading into a conversation with the text.",
        tr: "Notlar okumayı metinle bir sohbete dönüştürür.",
        ar: "الملاحظات تحوّل القراءة إلى حوار مع النص.",
        ru: "Заметки превращают чтение в разговор с текстом.",
      },
    },
  ],
};

/** The habits course's plan: a mentor reads the learner's own plan (free text) before the test counts. */
export const habitPlanTest: TTestDefinitionInput = {
  passMark: 100,
  verificationType: "mentor",
  retake: { attemptLimit: 3, cooldownSeconds: 0 },
  questions: [
    {
      id: "size",
      kind: "single",
      text: {
        en: "How big should a new habit be at first?",
        tr: "Yeni bir alışkanlık başta ne kadar büyük olmalı?",
        ar: "ما الحجم المناسب لعادة جديدة في البداية؟",
        ru: "Какой должна быть новая привычка поначалу?",
      },
      variants: [
        {
          id: "tiny",
          text: { en: "Tiny: two minutes or less", tr: "Minicik: en fazla iki dakika", ar: "صغيرة جداً: دقيقتان أو أقل", ru: "Крошечной: не больше двух минут" },
        },
        { id: "big", text: { en: "As big as your goal", tr: "Hedefiniz kadar büyük", ar: "بحجم هدفك", ru: "Такой же большой, как цель" } },
      ],
      correct: ["tiny"],
      feedback: fb,
      explanation: {
        en: "Small habits survive bad days; they grow once they stick.",
        tr: "Küçük alışkanlıklar kötü günlerde de sürer; yerleşince büyür.",
        ar: "العادات الصغيرة تصمد في الأيام السيئة، وتكبر بعد أن تترسخ.",
        ru: "Маленькие привычки переживают плохие дни и растут, когда закрепятся.",
      },
    },
    {
      id: "plan",
      kind: "text",
      text: {
        en: "Write your plan in one sentence: after what, where, and what will you do?",
        tr: "Planınızı tek cümleyle yazın: neyin ardından, nerede ve ne yapacaksınız?",
        ar: "اكتب خطتك في جملة واحدة: بعد ماذا، وأين، وماذا ستفعل؟",
        ru: "Запишите план одним предложением: после чего, где и что вы будете делать?",
      },
      explanation: {
        en: "A mentor reads your plan and tells you whether it is specific enough.",
        tr: "Bir mentor planınızı okur ve yeterince somut olup olmadığını söyler.",
        ar: "يقرأ مرشد خطتك ويخبرك إن كانت محددة بما يكفي.",
        ru: "Наставник прочитает план и скажет, достаточно ли он конкретен.",
      },
    },
  ],
};

/** Element id -> its test. */
export const demoTests: Record<string, TTestDefinitionInput> = {
  "rf-check-main-idea": checkMainIdeaTest,
  "rf-final-check": finalCheckTest,
  "lh-plan": habitPlanTest,
};
