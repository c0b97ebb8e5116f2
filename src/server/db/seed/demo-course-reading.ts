import { fact, faq, paras, photo, quote, text, type DemoCourse, type L } from "./demo-course-kit";
import type { DemoLang } from "./demo-content";

/** Free, sequential, open to guests: lessons, tests and a webinar (the course of the main page quote). */

const t =
  <T>(m: Record<DemoLang, T>) =>
  (lang: DemoLang) =>
    m[lang];

const slowTitle: L = {
  tr: "Yavaş okumanın faydası",
  en: "Why slow reading pays off",
  ar: "لماذا تؤتي القراءة المتأنية ثمارها",
  ru: "Почему медленное чтение окупается",
};
const slowHtml = t({
  en: paras(
    "Speed-reading promises more pages per hour, but understanding grows when you give a text time. In this lesson you will read one short passage three times: once for the story, once for the words, once for the questions it leaves.",
    "Keep a pencil nearby. Mark every sentence that surprises you; those marks are the raw material of the next lessons.",
  ),
  tr: paras(
    "Hızlı okuma saatte daha fazla sayfa vaat eder, ama anlama bir metne zaman tanıdığınızda büyür. Bu derste kısa bir metni üç kez okuyacaksınız: bir kez hikâye için, bir kez kelimeler için, bir kez de geride bıraktığı sorular için.",
    "Yanınızda bir kalem bulundurun. Sizi şaşırtan her cümleyi işaretleyin; bu işaretler sonraki derslerin ham maddesidir.",
  ),
  ar: paras(
    "تَعِدُ القراءة السريعة بصفحات أكثر في الساعة، لكن الفهم ينمو حين تمنح النص وقته. في هذا الدرس ستقرأ مقطعاً قصيراً ثلاث مرات: مرة من أجل الحكاية، ومرة من أجل الكلمات، ومرة من أجل الأسئلة التي يتركها.",
    "أبقِ قلماً بجانبك. ضع علامة على كل جملة تفاجئك؛ فهذه العلامات هي المادة الخام للدروس التالية.",
  ),
  ru: paras(
    "Скорочтение обещает больше страниц в час, но понимание растёт, когда вы даёте тексту время. В этом уроке вы прочитаете один короткий отрывок трижды: ради сюжета, ради слов и ради вопросов, которые он оставляет.",
    "Держите рядом карандаш. Отмечайте каждое предложение, которое вас удивило: эти пометки станут материалом для следующих уроков.",
  ),
});
const slowFact = t<[string, string]>({
  en: ["3 ×", "reading a passage three times doubles what learners recall a week later"],
  tr: ["3 ×", "bir metni üç kez okumak, bir hafta sonra hatırlananı iki katına çıkarır"],
  ar: ["3 ×", "قراءة المقطع ثلاث مرات تضاعف ما يتذكره المتعلمون بعد أسبوع"],
  ru: ["3 ×", "трижды прочитанный отрывок вспоминается через неделю вдвое лучше"],
});

/** A quick check inside the first lesson: graded on the server, it also reports an interaction result (issue 13). */
const slowQuiz = t<{ question: string; variants: [string, string, string]; explanation: string }>({
  en: {
    question: "What helps you remember a passage a week later?",
    variants: ["Reading it once, fast", "Reading it three times, slowly", "Skipping the hard sentences"],
    explanation: "Slow, repeated reading gives the memory time to hold on to the text.",
  },
  tr: {
    question: "Bir metni bir hafta sonra hatırlamanıza ne yardımcı olur?",
    variants: ["Bir kez hızlıca okumak", "Üç kez yavaşça okumak", "Zor cümleleri atlamak"],
    explanation: "Yavaş ve tekrarlı okuma, belleğe metni tutması için zaman tanır.",
  },
  ar: {
    question: "ما الذي يساعدك على تذكّر مقطع بعد أسبوع؟",
    variants: ["قراءته مرة واحدة بسرعة", "قراءته ثلاث مرات ببطء", "تخطّي الجمل الصعبة"],
    explanation: "القراءة البطيئة المتكررة تمنح الذاكرة وقتًا لتحتفظ بالنص.",
  },
  ru: {
    question: "Что помогает помнить отрывок через неделю?",
    variants: ["Прочитать его один раз и быстро", "Прочитать его трижды и медленно", "Пропускать трудные предложения"],
    explanation: "Медленное повторное чтение даёт памяти время удержать текст.",
  },
});

const mainIdeaTitle: L = { tr: "Ana fikri bulmak", en: "Finding the main idea", ar: "العثور على الفكرة الرئيسية", ru: "Как найти главную мысль" };
const mainIdeaHtml = t({
  en: paras(
    "Every good paragraph answers one question. Read the first and the last sentence, then ask: what would the author be sorry to see left out? That sentence usually carries the main idea.",
    "Try it on the passage from the previous lesson and write the main idea in no more than twelve words.",
  ),
  tr: paras(
    "Her iyi paragraf tek bir soruyu yanıtlar. İlk ve son cümleyi okuyun, sonra sorun: yazar hangisinin çıkarılmasına üzülürdü? Ana fikir genellikle o cümlededir.",
    "Bunu önceki dersteki metin üzerinde deneyin ve ana fikri en fazla on iki kelimeyle yazın.",
  ),
  ar: paras(
    "كل فقرة جيدة تجيب عن سؤال واحد. اقرأ الجملة الأولى والأخيرة، ثم اسأل: أيّ جملة سيحزن الكاتب لو حُذفت؟ غالباً ما تحمل تلك الجملة الفكرة الرئيسية.",
    "جرّب ذلك على مقطع الدرس السابق، واكتب الفكرة الرئيسية في اثنتي عشرة كلمة على الأكثر.",
  ),
  ru: paras(
    "Каждый хороший абзац отвечает на один вопрос. Прочитайте первое и последнее предложение и спросите себя: о потере какого предложения автор пожалел бы больше всего? Обычно именно в нём главная мысль.",
    "Попробуйте на отрывке из прошлого урока и запишите главную мысль не более чем в двенадцати словах.",
  ),
});
const mainIdeaQuote = t<[string, string]>({
  en: ["Reading is to the mind what exercise is to the body.", "Joseph Addison"],
  tr: ["Okumak zihin için, egzersizin beden için olduğu şeydir.", "Joseph Addison"],
  ar: ["القراءة للعقل كالرياضة للجسد.", "جوزيف أديسون"],
  ru: ["Чтение для ума — то же, что упражнение для тела.", "Джозеф Аддисон"],
});

const checkTitle: L = { tr: "Kontrol: ana fikir", en: "Check: the main idea", ar: "اختبار: الفكرة الرئيسية", ru: "Проверка: главная мысль" };
const checkIntro = t({
  en: paras("Four short questions about the last two lessons, one at a time. You see whether each answer is right as you go; pass with three of four."),
  tr: paras("Son iki dersle ilgili dört kısa soru, teker teker. Her yanıtın doğru olup olmadığını hemen görürsünüz; dörtten üçüyle geçersiniz."),
  ar: paras("أربعة أسئلة قصيرة عن الدرسين الأخيرين، سؤالاً تلو الآخر. ترى صحة كل إجابة فور تقديمها؛ تنجح بثلاث من أربع."),
  ru: paras("Четыре коротких вопроса по двум последним урокам, по одному. Вы сразу видите, верен ли ответ; для зачёта нужно три из четырёх."),
});
const circleTitle: L = { tr: "Canlı okuma halkası", en: "Live reading circle", ar: "حلقة قراءة مباشرة", ru: "Живой читательский круг" };
const circleHtml = t({
  en: paras(
    "Once a week a mentor reads a passage aloud with everyone who joins, and we talk about the sentences you marked. Bring one question; there are no wrong ones.",
    "The recording stays on this page, so you can watch it later if the time does not suit you.",
  ),
  tr: paras(
    "Haftada bir kez bir mentor, katılan herkesle birlikte bir metni sesli okur ve işaretlediğiniz cümleler üzerine konuşuruz. Bir soru getirin; yanlış soru yoktur.",
    "Kayıt bu sayfada kalır; saat size uymuyorsa daha sonra izleyebilirsiniz.",
  ),
  ar: paras(
    "مرة كل أسبوع يقرأ مرشد مقطعاً بصوت عالٍ مع كل من ينضم، ونتحدث عن الجمل التي وضعت عليها علامات. أحضر سؤالاً واحداً؛ لا توجد أسئلة خاطئة.",
    "يبقى التسجيل في هذه الصفحة، فيمكنك مشاهدته لاحقاً إن لم يناسبك الموعد.",
  ),
  ru: paras(
    "Раз в неделю наставник читает вслух отрывок вместе со всеми, кто присоединился, и мы обсуждаем отмеченные вами предложения. Приходите с одним вопросом — неправильных вопросов нет.",
    "Запись остаётся на этой странице, так что её можно посмотреть позже, если время вам не подходит.",
  ),
});
const circleFact = t<[string, string]>({
  en: ["45 min", "every Thursday at 19:00, Istanbul time"],
  tr: ["45 dk", "her perşembe saat 19:00'da, İstanbul saatiyle"],
  ar: ["45 دقيقة", "كل خميس في الساعة 19:00 بتوقيت إسطنبول"],
  ru: ["45 мин", "каждый четверг в 19:00 по стамбульскому времени"],
});

const linesTitle: L = { tr: "Satır aralarını okumak", en: "Reading between the lines", ar: "القراءة بين السطور", ru: "Чтение между строк" };
const linesHtml = t({
  en: paras(
    "Authors rarely say everything. A character who changes the subject, a detail repeated twice, a word that feels too strong: these are invitations to infer.",
    "For each mark you made, write what the text suggests without saying it. Then check whether the rest of the passage supports your guess.",
  ),
  tr: paras(
    "Yazarlar nadiren her şeyi söyler. Konuyu değiştiren bir karakter, iki kez tekrarlanan bir ayrıntı, fazla güçlü gelen bir kelime: bunlar çıkarım yapmaya davettir.",
    "Koyduğunuz her işaret için metnin söylemeden ima ettiği şeyi yazın. Sonra metnin geri kalanının tahmininizi destekleyip desteklemediğine bakın.",
  ),
  ar: paras(
    "نادراً ما يقول الكتّاب كل شيء. شخصية تغيّر الموضوع، أو تفصيل يتكرر مرتين، أو كلمة تبدو أقوى من اللازم: كلها دعوات إلى الاستنتاج.",
    "لكل علامة وضعتها، اكتب ما يوحي به النص دون أن يقوله. ثم تحقّق مما إذا كان باقي المقطع يدعم تخمينك.",
  ),
  ru: paras(
    "Авторы редко говорят всё прямо. Герой, который меняет тему, деталь, повторённая дважды, слишком сильное слово — всё это приглашения к догадке.",
    "Для каждой своей пометки запишите, на что текст намекает, не говоря прямо. Затем проверьте, подтверждает ли остальной отрывок вашу догадку.",
  ),
});
const linesPhoto = t<[string, string]>({
  en: ["An open book with pencil marks in the margins", "Marks in the margin are questions you ask the text."],
  tr: ["Kenarlarında kalem işaretleri olan açık bir kitap", "Kenardaki işaretler metne sorduğunuz sorulardır."],
  ar: ["كتاب مفتوح وعلى هوامشه علامات بالقلم", "العلامات في الهامش أسئلة تطرحها على النص."],
  ru: ["Открытая книга с карандашными пометками на полях", "Пометки на полях — это вопросы, которые вы задаёте тексту."],
});

const finalTitle: L = { tr: "Son kontrol", en: "Final check", ar: "الاختبار النهائي", ru: "Итоговая проверка" };
const finalIntro = t({
  en: paras(
    "Pick a new passage of about one page. Read it three times, find the main idea and one thing it suggests without saying. Then answer the three questions below, drawn from a larger set.",
  ),
  tr: paras(
    "Yaklaşık bir sayfalık yeni bir metin seçin. Üç kez okuyun, ana fikri ve söylemeden ima ettiği bir şeyi bulun. Sonra daha geniş bir soru kümesinden seçilen aşağıdaki üç soruyu yanıtlayın.",
  ),
  ar: paras(
    "اختر مقطعاً جديداً بطول صفحة تقريباً. اقرأه ثلاث مرات، وجد الفكرة الرئيسية وشيئاً واحداً يوحي به دون أن يقوله. ثم أجب عن الأسئلة الثلاثة أدناه، المختارة من مجموعة أكبر.",
  ),
  ru: paras(
    "Выберите новый отрывок примерно на страницу. Прочитайте его трижды, найдите главную мысль и то, на что он намекает, не говоря прямо. Затем ответьте на три вопроса ниже, выбранных из большего набора.",
  ),
});
/** The course page shows the short "learning path" animation (lesson, test, webinar, certificate) with captions. */
const pathVideo = t<{ title: string; description: string; captions: string }>({
  en: {
    title: "How the course works",
    description: "A marker walks from the lesson to the test, then to the live webinar, and ends at your certificate.",
    captions: "English",
  },
  tr: { title: "Kurs nasıl işler", description: "Bir işaret dersten teste, ardından canlı webinara yürür ve sertifikanızda sona erer.", captions: "Türkçe" },
  ar: { title: "كيف تسير الدورة", description: "تنتقل علامة من الدرس إلى الاختبار، ثم إلى الندوة المباشرة، وتنتهي عند شهادتك.", captions: "العربية" },
  ru: {
    title: "Как устроен курс",
    description: "Метка идёт от урока к проверке, затем к живому вебинару и заканчивается на вашем сертификате.",
    captions: "Русский",
  },
});

const pageTexts = t<{ title: string; html: string; faq: [string, Array<[string, string]>] }>({
  en: {
    title: "Foundations of Reading",
    html: paras(
      "Six short steps, about an hour in all, to read with more attention and remember more of what you read. Each step opens when you finish the one before it.",
    ),
    faq: [
      "About this course",
      [
        ["Do I need an account?", "No: the lessons and the reading circle open without one. Sign in to keep your progress and take the checks."],
        ["How long does it take?", "About an hour, spread over as many days as you like."],
      ],
    ],
  },
  tr: {
    title: "Okumanın Temelleri",
    html: paras(
      "Daha dikkatli okumak ve okuduklarınızın daha fazlasını hatırlamak için toplam yaklaşık bir saatlik altı kısa adım. Her adım, bir öncekini bitirdiğinizde açılır.",
    ),
    faq: [
      "Bu kurs hakkında",
      [
        ["Hesaba ihtiyacım var mı?", "Hayır: dersler ve okuma halkası hesapsız açılır. İlerlemenizi saklamak ve kontrolleri yapmak için giriş yapın."],
        ["Ne kadar sürer?", "Yaklaşık bir saat; dilediğiniz kadar güne yayabilirsiniz."],
      ],
    ],
  },
  ar: {
    title: "أساسيات القراءة",
    html: paras("ست خطوات قصيرة، نحو ساعة في المجموع، لتقرأ بانتباه أكبر وتتذكر المزيد مما تقرأ. تُفتح كل خطوة عندما تُنهي التي قبلها."),
    faq: [
      "عن هذه الدورة",
      [
        ["هل أحتاج إلى حساب؟", "لا: تُفتح الدروس وحلقة القراءة دون حساب. سجّل الدخول لتحفظ تقدّمك وتؤدي الاختبارات."],
        ["كم تستغرق؟", "نحو ساعة، موزعة على ما تشاء من الأيام."],
      ],
    ],
  },
  ru: {
    title: "Основы чтения",
    html: paras(
      "Шесть коротких шагов, всего около часа, чтобы читать внимательнее и запоминать больше. Каждый шаг открывается, когда вы завершите предыдущий.",
    ),
    faq: [
      "Об этом курсе",
      [
        ["Нужен ли аккаунт?", "Нет: уроки и читательский круг открываются без него. Войдите, чтобы сохранять прогресс и проходить проверки."],
        ["Сколько времени займёт?", "Около часа — распределите его на сколько угодно дней."],
      ],
    ],
  },
});

export const readingCourse: DemoCourse = {
  id: "reading-foundations",
  type: "free",
  certificate: { validityMonths: null },
  arbitraryWalkthrough: false,
  requiresRegistration: false,
  duration: 60,
  cover: "/demo/courses/reading.svg",
  index: 0,
  category: { id: "reading", title: { tr: "Okuma", en: "Reading", ar: "القراءة", ru: "Чтение" } },
  title: { tr: "Okumanın Temelleri", en: "Foundations of Reading", ar: "أساسيات القراءة", ru: "Основы чтения" },
  description: {
    tr: "Daha dikkatli okumak ve daha fazlasını hatırlamak için altı kısa adım.",
    en: "Six short steps to read with more attention and remember more.",
    ar: "ست خطوات قصيرة لتقرأ بانتباه أكبر وتتذكر أكثر.",
    ru: "Шесть коротких шагов, чтобы читать внимательнее и запоминать больше.",
  },
  buttonText: { tr: "Ücretsiz derse başla", en: "Start the free lesson", ar: "ابدأ الدرس المجاني", ru: "Начать бесплатный урок" },
  buttonTextBuy: { tr: "Kursu satın al", en: "Buy the course", ar: "اشترِ الدورة", ru: "Купить курс" },
  page: (lang) => {
    const p = pageTexts(lang);
    const v = pathVideo(lang);
    return [
      text("rf-page-intro", p.html, p.title),
      {
        id: "rf-page-video",
        type: "video",
        props: {
          title: v.title,
          url: "/demo/blocks/learning-path.mp4",
          description: v.description,
          poster: "/demo/blocks/video-poster.svg",
          captions: { src: `/demo/blocks/learning-path.${lang}.vtt`, lang, label: v.captions },
        },
      },
      faq("rf-page-faq", p.faq[0], p.faq[1]),
    ];
  },
  elements: [
    {
      id: "rf-slow-reading",
      type: "lesson",
      duration: 8,
      title: slowTitle,
      discussion: true,
      blocks: (lang) => {
        const q = slowQuiz(lang);
        return [
          text("rf-slow-text", slowHtml(lang), slowTitle[lang]),
          fact("rf-slow-fact", ...slowFact(lang)),
          {
            id: "rf-slow-quiz",
            type: "tests",
            props: {
              question: q.question,
              variants: q.variants.map((text, i) => ({ id: ["a", "b", "c"][i]!, text })),
              correct: ["b"],
              explanation: q.explanation,
            },
          },
        ];
      },
    },
    {
      id: "rf-main-idea",
      type: "lesson",
      duration: 10,
      title: mainIdeaTitle,
      blocks: (lang) => [text("rf-main-text", mainIdeaHtml(lang), mainIdeaTitle[lang]), quote("rf-main-quote", ...mainIdeaQuote(lang))],
    },
    {
      id: "rf-check-main-idea",
      type: "test",
      duration: 5,
      title: checkTitle,
      blocks: (lang) => [text("rf-check-text", checkIntro(lang), checkTitle[lang])],
    },
    {
      id: "rf-reading-circle",
      type: "webinar",
      duration: 45,
      title: circleTitle,
      discussion: true,
      blocks: (lang) => [text("rf-circle-text", circleHtml(lang), circleTitle[lang]), fact("rf-circle-fact", ...circleFact(lang))],
    },
    {
      id: "rf-between-lines",
      type: "lesson",
      duration: 12,
      title: linesTitle,
      blocks: (lang) => [text("rf-lines-text", linesHtml(lang), linesTitle[lang]), photo("rf-lines-photo", "/demo/courses/reading.svg", ...linesPhoto(lang))],
    },
    {
      id: "rf-final-check",
      type: "test",
      duration: 10,
      title: finalTitle,
      blocks: (lang) => [text("rf-final-text", finalIntro(lang), finalTitle[lang])],
    },
  ],
};
