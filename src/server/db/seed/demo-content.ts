import type { TBlock } from "../../../domain/page";
import type { TLocalized } from "../../../domain/portal";
import { DEMO_FORM_ID } from "./demo-forms";

/** Demo texts in the four demo languages: tr (primary), en, ar, ru. */
export const DEMO_LANGS = ["tr", "en", "ar", "ru"] as const;
export type DemoLang = (typeof DEMO_LANGS)[number];

export const portalTitle: TLocalized = {
  tr: "Mentora Akademi",
  en: "Mentora Academy",
  ar: "أكاديمية منتورا",
  ru: "Академия Mentora",
};

export const childPortalTitle: TLocalized = {
  tr: "Mentora Çocuk",
  en: "Mentora Kids",
  ar: "منتورا للأطفال",
  ru: "Mentora для детей",
};

export const navTitles: Record<string, TLocalized> = {
  home: { tr: "Ana sayfa", en: "Home", ar: "الرئيسية", ru: "Главная" },
  courses: { tr: "Kurslar", en: "Courses", ar: "الدورات", ru: "Курсы" },
  about: { tr: "Hakkımızda", en: "About us", ar: "من نحن", ru: "О нас" },
  faq: { tr: "Sık sorulanlar", en: "FAQ", ar: "الأسئلة الشائعة", ru: "Вопросы и ответы" },
  learn: { tr: "Öğren", en: "Learn", ar: "تعلّم", ru: "Учиться" },
  allCourses: { tr: "Tüm kurslar", en: "All courses", ar: "كل الدورات", ru: "Все курсы" },
  microcourse: { tr: "Nefes molası", en: "Breathing break", ar: "استراحة تنفس", ru: "Дыхательная пауза" },
  watch: { tr: "İzle", en: "Watch", ar: "شاهد", ru: "Смотреть" },
  videoEvent: { tr: "Yazının tarihi", en: "History of writing", ar: "تاريخ الكتابة", ru: "История письменности" },
  youtube: { tr: "YouTube kanalımız", en: "Our YouTube channel", ar: "قناتنا على يوتيوب", ru: "Наш канал на YouTube" },
  showcase: { tr: "Blok vitrini", en: "Blocks showcase", ar: "معرض الكتل", ru: "Витрина блоков" },
};

interface MainTexts {
  title: string;
  description: string;
  heroTitle: string;
  heroHtml: string;
  facts: Array<[string, string]>;
  photoAlt: string;
  photoCaption: string;
  quote: string;
  quoteAuthor: string;
  faqTitle: string;
  faq: Array<[string, string]>;
  embedTitle: string;
}

const main: Record<DemoLang, MainTexts> = {
  en: {
    title: "Learn at your own pace",
    description: "Free and paid courses with lessons, tests and live webinars, and a mentor who answers within 24 hours.",
    heroTitle: "Learn at your own pace, with a mentor at your side",
    heroHtml:
      "<p>Mentora brings together short lessons, practical tests and live webinars. Start any free course today, keep your progress on every device and ask a mentor whenever you are stuck.</p><p>Every course is written by practising teachers and reviewed by learners like you.</p>",
    facts: [
      ["12,000+", "learners have finished a course"],
      ["48", "courses in four languages"],
      ["24 h", "the longest you wait for a mentor's reply"],
    ],
    photoAlt: "A learner taking notes beside a laptop",
    photoCaption: "Lessons fit into a coffee break: most take under ten minutes.",
    quote: "The mentor chat made the difference: I never felt alone with a hard question.",
    quoteAuthor: "Elif, finished “Foundations of Reading”",
    faqTitle: "Frequently asked questions",
    faq: [
      ["Are the courses free?", "Most courses are free. Paid courses show their price on the course card and can be bought by card."],
      ["Do I need an account?", "You can open free lessons straight away. Create an account to keep your progress and talk to a mentor."],
      ["Which languages are available?", "Turkish, English, Arabic and Russian. Switch language from the menu at the top of any page."],
    ],
    embedTitle: "How a Mentora course works (video)",
  },
  tr: {
    title: "Kendi hızınızda öğrenin",
    description: "Ders, test ve canlı webinarlardan oluşan ücretsiz ve ücretli kurslar; 24 saat içinde yanıt veren bir mentor.",
    heroTitle: "Kendi hızınızda öğrenin, yanınızda bir mentor olsun",
    heroHtml:
      "<p>Mentora kısa dersleri, uygulamalı testleri ve canlı webinarları bir araya getirir. Bugün ücretsiz bir kursa başlayın, ilerlemeniz her cihazda kalsın ve takıldığınızda mentorunuza sorun.</p><p>Her kurs deneyimli öğretmenler tarafından yazılır ve sizin gibi öğrenciler tarafından değerlendirilir.</p>",
    facts: [
      ["12.000+", "öğrenci bir kursu tamamladı"],
      ["48", "dört dilde kurs"],
      ["24 sa", "bir mentor yanıtı için en uzun bekleme"],
    ],
    photoAlt: "Dizüstü bilgisayarın yanında not alan bir öğrenci",
    photoCaption: "Dersler bir kahve molasına sığar: çoğu on dakikadan kısa sürer.",
    quote: "Mentor sohbeti her şeyi değiştirdi: zor bir soruyla hiç yalnız kalmadım.",
    quoteAuthor: "Elif, “Okumanın Temelleri” kursunu bitirdi",
    faqTitle: "Sık sorulan sorular",
    faq: [
      ["Kurslar ücretsiz mi?", "Kursların çoğu ücretsizdir. Ücretli kursların fiyatı kurs kartında yazar ve kartla satın alınabilir."],
      ["Hesap açmam gerekir mi?", "Ücretsiz dersleri hemen açabilirsiniz. İlerlemenizi saklamak ve mentorla konuşmak için hesap oluşturun."],
      ["Hangi diller var?", "Türkçe, İngilizce, Arapça ve Rusça. Dili her sayfanın üstündeki menüden değiştirebilirsiniz."],
    ],
    embedTitle: "Bir Mentora kursu nasıl işler (video)",
  },
  ar: {
    title: "تعلّم بالسرعة التي تناسبك",
    description: "دورات مجانية ومدفوعة فيها دروس واختبارات وندوات مباشرة، ومرشد يجيبك خلال 24 ساعة.",
    heroTitle: "تعلّم بالسرعة التي تناسبك، ومرشدك إلى جانبك",
    heroHtml:
      "<p>تجمع منتورا دروسًا قصيرة واختبارات عملية وندوات مباشرة. ابدأ أي دورة مجانية اليوم، واحتفظ بتقدّمك على كل أجهزتك، واسأل مرشدك كلما احتجت.</p><p>يكتب كل دورة معلّمون ممارسون ويقيّمها متعلّمون مثلك.</p>",
    facts: [
      ["+12٬000", "متعلّم أنهوا دورة"],
      ["48", "دورة بأربع لغات"],
      ["24 ساعة", "أقصى مدة تنتظرها لردّ المرشد"],
    ],
    photoAlt: "متعلّم يدوّن ملاحظات بجانب حاسوب محمول",
    photoCaption: "تتّسع الدروس لاستراحة قهوة: معظمها أقل من عشر دقائق.",
    quote: "محادثة المرشد صنعت الفرق: لم أشعر بالوحدة أمام أي سؤال صعب.",
    quoteAuthor: "إيليف، أنهت دورة «أساسيات القراءة»",
    faqTitle: "الأسئلة الشائعة",
    faq: [
      ["هل الدورات مجانية؟", "معظم الدورات مجانية. تظهر أسعار الدورات المدفوعة على بطاقة الدورة ويمكن شراؤها بالبطاقة."],
      ["هل أحتاج إلى حساب؟", "يمكنك فتح الدروس المجانية فورًا. أنشئ حسابًا لتحتفظ بتقدّمك وتتحدث مع مرشد."],
      ["ما اللغات المتاحة؟", "التركية والإنجليزية والعربية والروسية. غيّر اللغة من القائمة أعلى أي صفحة."],
    ],
    embedTitle: "كيف تعمل دورة منتورا (فيديو)",
  },
  ru: {
    title: "Учитесь в своём темпе",
    description: "Бесплатные и платные курсы с уроками, тестами и живыми вебинарами, и наставник, который отвечает в течение 24 часов.",
    heroTitle: "Учитесь в своём темпе, а наставник будет рядом",
    heroHtml:
      "<p>Mentora объединяет короткие уроки, практические тесты и живые вебинары. Начните любой бесплатный курс сегодня, сохраняйте прогресс на всех устройствах и задавайте вопросы наставнику, когда что-то непонятно.</p><p>Каждый курс написан практикующими преподавателями и проверен такими же учениками, как вы.</p>",
    facts: [
      ["12 000+", "учеников завершили курс"],
      ["48", "курсов на четырёх языках"],
      ["24 ч", "максимум ожидания ответа наставника"],
    ],
    photoAlt: "Ученик делает записи рядом с ноутбуком",
    photoCaption: "Урок помещается в перерыв на кофе: большинство короче десяти минут.",
    quote: "Чат с наставником всё изменил: с трудным вопросом я ни разу не оставалась одна.",
    quoteAuthor: "Элиф, прошла курс «Основы чтения»",
    faqTitle: "Частые вопросы",
    faq: [
      ["Курсы бесплатные?", "Большинство курсов бесплатны. Цена платного курса указана на его карточке, оплатить можно картой."],
      ["Нужна ли учётная запись?", "Бесплатные уроки открываются сразу. Создайте учётную запись, чтобы сохранять прогресс и общаться с наставником."],
      ["Какие языки доступны?", "Турецкий, английский, арабский и русский. Язык меняется в меню вверху любой страницы."],
    ],
    embedTitle: "Как устроен курс Mentora (видео)",
  },
};

export function mainPageBlocks(lang: DemoLang): { title: string; description: string; blocks: TBlock[] } {
  const t = main[lang];
  return {
    title: t.title,
    description: t.description,
    blocks: [
      { id: "main-hero", type: "text", props: { title: t.heroTitle, html: t.heroHtml } },
      ...t.facts.map(([value, text], i): TBlock => ({ id: `main-fact-${i}`, type: "fact", props: { variant: "fact", value, text } })),
      { id: "main-divider", type: "fact", props: { variant: "divider" } },
      {
        id: "main-photo",
        type: "photo",
        props: { src: "/demo/learner.svg", alt: t.photoAlt, caption: t.photoCaption, width: 960, height: 540 },
      },
      { id: "main-quote", type: "quote", props: { text: t.quote, author: t.quoteAuthor } },
      { id: "main-faq", type: "faq", props: { title: t.faqTitle, items: t.faq.map(([question, answer]) => ({ question, answer })) } },
      { id: "main-ask", type: "form", props: { formId: DEMO_FORM_ID, display: "inline" } },
      {
        id: "main-embed",
        type: "embed",
        props: { title: t.embedTitle, url: "https://www.youtube.com/embed/aqz-KE-bpKQ", aspectRatio: "16/9" },
      },
    ],
  };
}

const systemTexts: Record<"404" | "access-denied", Record<DemoLang, { title: string; html: string }>> = {
  "404": {
    en: { title: "Page not found", html: "<p>The address may be mistyped, or the page has moved. Try the course catalogue or the home page.</p>" },
    tr: { title: "Sayfa bulunamadı", html: "<p>Adres yanlış yazılmış ya da sayfa taşınmış olabilir. Kurs kataloğuna veya ana sayfaya göz atın.</p>" },
    ar: { title: "الصفحة غير موجودة", html: "<p>ربما كُتب العنوان خطأً أو نُقلت الصفحة. جرّب فهرس الدورات أو الصفحة الرئيسية.</p>" },
    ru: { title: "Страница не найдена", html: "<p>Возможно, в адресе опечатка или страница переехала. Загляните в каталог курсов или на главную.</p>" },
  },
  "access-denied": {
    en: { title: "Access denied", html: "<p>This content is for enrolled learners. Sign in with the account that has access, or choose another course.</p>" },
    tr: { title: "Erişim engellendi", html: "<p>Bu içerik kayıtlı öğrenciler içindir. Erişimi olan hesapla giriş yapın ya da başka bir kurs seçin.</p>" },
    ar: { title: "تم رفض الوصول", html: "<p>هذا المحتوى للمتعلّمين المسجّلين. سجّل الدخول بالحساب الذي يملك الوصول، أو اختر دورة أخرى.</p>" },
    ru: { title: "Доступ закрыт", html: "<p>Этот материал доступен записанным ученикам. Войдите под учётной записью с доступом или выберите другой курс.</p>" },
  },
};

export function systemPage(alias: "404" | "access-denied", lang: DemoLang): { title: string; blocks: TBlock[] } {
  const t = systemTexts[alias][lang];
  return { title: t.title, blocks: [{ id: `${alias}-text`, type: "text", props: { html: t.html, align: "center" } }] };
}
