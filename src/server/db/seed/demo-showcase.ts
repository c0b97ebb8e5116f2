import type { TCourseCardProps } from "../../../domain/blocks/course";
import type { TBlock } from "../../../domain/page";
import type { Db } from "../client";
import { DEMO_LANGS, type DemoLang } from "./demo-content";
import type { DemoCourse } from "./demo-course-kit";
import { DEMO_COURSES } from "./demo-courses";
import { upsertPage } from "./factories";

/** The blocks showcase: one published page per demo language holding every learning-content block. */
export const SHOWCASE_ALIAS = "blocks-showcase";

/** Sizes in bytes of the study-plan files under public/demo/blocks (checked against the files by a test). */
export const STUDY_PLAN_SIZES: Record<DemoLang, number> = { en: 749, tr: 801, ar: 1157, ru: 1330 };

const ASSETS = "/demo/blocks";

type Pair = [string, string];

interface ShowcaseTexts {
  title: string;
  description: string;
  intro: { title: string; html: string };
  stats: { title: string; items: [string, string, string, string]; hoursSuffix: string };
  facts: [Pair, Pair];
  popup: { title: string; text: string; open: string };
  quizOne: { question: string; variants: [string, string, string, string]; explanation: string };
  quizMany: { title: string; question: string; variants: [string, string, string, string]; explanation: string };
  youtube: { title: string; description: string };
  mp4: { title: string; description: string; captions: string };
  vimeo: string;
  audio: { title: string; description: string; transcript: string };
  photo: { alt: string; caption: string };
  gallery: { title: string; images: Array<[alt: string, caption: string]> };
  beforeAfter: { title: string; beforeAlt: string; afterAlt: string; before: string; after: string };
  bars: { title: string; description: string; label: string; value: string; unit: string; days: [string, string, string, string, string, string, string] };
  pie: { title: string; label: string; value: string; parts: [string, string, string, string] };
  scheme: { title: string; steps: Array<[string, string]> };
  person: { name: string; role: string; bio: string; alt: string };
  event: { title: string; place: string; text: string };
  quote: { text: string; author: string };
  reviews: { title: string; items: Array<[author: string, text: string]> };
  faq: { title: string; items: Pair[] };
  file: { title: string; description: string; name: string };
  partners: string;
  action: { title: string; text: string; button: string };
  subscribe: { title: string; text: string };
  donations: { title: string; text: string };
  app: { title: string; text: string; alt: string };
}

const texts: Record<DemoLang, ShowcaseTexts> = {
  en: {
    title: "Blocks showcase",
    description: "Every content block a Mentora page can be built from, filled with real examples.",
    intro: {
      title: "Everything a Mentora page can hold",
      html: "<p>Course pages, lessons and landing pages are built from blocks. This page shows each of them with real content, so that authors can see what they get and learners know what to expect.</p>",
    },
    stats: {
      title: "Mentora in numbers",
      items: ["learners have finished a course", "courses", "languages", "the longest wait for a mentor's reply"],
      hoursSuffix: " h",
    },
    facts: [
      ["10 min", "the average length of a lesson"],
      ["3 of 4", "learners come back the next day"],
    ],
    popup: {
      title: "Choose your next course",
      text: "Three courses to start with: reading, habits that last and speaking with confidence.",
      open: "Browse the courses",
    },
    quizOne: {
      question: "Which reading technique helps you find one fact, such as a date, quickly?",
      variants: ["Skimming", "Scanning", "Reading aloud", "Re-reading"],
      explanation: "Scanning means running your eyes over the text looking only for what you need.",
    },
    quizMany: {
      title: "Quick check",
      question: "Which habits help you finish a course?",
      variants: [
        "Studying at the same time each day",
        "Leaving every test for the last day",
        "Asking your mentor when you are stuck",
        "Skipping the lessons you find hard",
      ],
      explanation: "A fixed time and a quick question to your mentor keep you moving.",
    },
    youtube: { title: "How a Mentora course works", description: "A short film about the lessons, tests and webinars of a course." },
    mp4: {
      title: "The learning path in eight seconds",
      description: "A marker travels from the lesson to the test, the live webinar and finally the certificate.",
      captions: "English",
    },
    vimeo: "A welcome from the Mentora team",
    audio: {
      title: "Three bells for a breathing pause",
      description: "Use it between two lessons: breathe in at the first bell, hold at the second, breathe out at the third.",
      transcript: "[First bell] Breathe in slowly.\n[Second bell] Hold your breath.\n[Third bell] Breathe out and relax your shoulders.",
    },
    photo: { alt: "A learner taking notes beside a laptop", caption: "A photo block with its caption." },
    gallery: {
      title: "From our learning circles",
      images: [
        ["Two open notebooks, a blue pen and a cup of tea on a wooden table", "Notes from the reading circle"],
        ["A mentor pointing at a diagram on a whiteboard", "A mentor explains a diagram"],
        ["Shelves of colourful books in a reading room", "The reading room"],
        ["A laptop playing a lesson video", "A lesson on a laptop"],
        ["A sunrise over the city seen through a study window", "An early start"],
      ],
    },
    beforeAfter: {
      title: "From sketch to painting",
      beforeAlt: "A pencil sketch of a house with a tree and the sun",
      afterAlt: "The same house painted in colour: a red roof, a green tree and a yellow sun",
      before: "Sketch",
      after: "Painting",
    },
    bars: {
      title: "Minutes studied per day in a typical week",
      description: "Learners study most on Saturday and least on Sunday.",
      label: "Day",
      value: "Minutes",
      unit: "min",
      days: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
    },
    pie: { title: "How learners spend their study time", label: "Activity", value: "Share", parts: ["Lessons", "Tests", "Webinars", "Discussions"] },
    scheme: {
      title: "How a course works",
      steps: [
        ["Choose a course", "Free courses open at once; paid ones after purchase."],
        ["Study the lessons", "Short lessons open one after another."],
        ["Check yourself", "A test after each part shows what to repeat."],
        ["Join the webinar", "Ask the teacher your questions live."],
        ["Get your certificate", "It is waiting in your profile when you finish."],
      ],
    },
    person: {
      name: "Ayşe Demir",
      role: "Mentor of the reading and writing courses",
      bio: "Ayşe taught literature at a secondary school for twelve years. She answers learners' questions every weekday and runs the monthly reading circle.",
      alt: "Portrait of Ayşe Demir",
    },
    event: {
      title: "Open day for new learners",
      place: "Online, on the webinar page",
      text: "Meet the mentors, try a lesson together and ask anything about the courses.",
    },
    quote: { text: "Blocks let me build a lesson page in an afternoon, and it looks right in every language.", author: "Murat, course author" },
    reviews: {
      title: "What learners say",
      items: [
        ["Elif", "Clear lessons and a mentor who really answers. I finished my first course in three weeks."],
        ["Omar", "The tests after each lesson showed me exactly what I had missed."],
        ["Daria", "I liked the webinars most, but I would like them at a later hour."],
      ],
    },
    faq: {
      title: "About this page",
      items: [
        ["Who can build pages like this?", "Portal authors build pages from these blocks in the page designer."],
        ["Do the blocks work on phones?", "Yes: every block adapts to small screens and works with a keyboard and a screen reader."],
      ],
    },
    file: { title: "Take the plan with you", description: "A four-week study plan to print or keep on your phone.", name: "mentora-study-plan-en.txt" },
    partners: "Our partners",
    action: {
      title: "Keep your progress on every device",
      text: "Create a free account to save your progress and talk to a mentor.",
      button: "Create a free account",
    },
    subscribe: { title: "Hear about new courses", text: "Leave your e-mail and we will write when a new course opens." },
    donations: { title: "Support free courses", text: "Your gift keeps the courses free for learners who cannot pay." },
    app: {
      title: "Learn on the go",
      text: "The Mentora app keeps your courses and your progress in your pocket.",
      alt: "The Mentora app on a phone showing a lesson and its progress",
    },
  },
  tr: {
    title: "Blok vitrini",
    description: "Bir Mentora sayfasının kurulabileceği tüm içerik blokları, gerçek örneklerle.",
    intro: {
      title: "Bir Mentora sayfasında neler olabilir",
      html: "<p>Kurs sayfaları, dersler ve tanıtım sayfaları bloklardan kurulur. Bu sayfa her bloğu gerçek içerikle gösterir; yazarlar ne elde edeceklerini, öğrenciler ne bekleyeceklerini görür.</p>",
    },
    stats: { title: "Rakamlarla Mentora", items: ["öğrenci bir kursu bitirdi", "kurs", "dil", "mentor yanıtı için en uzun bekleme"], hoursSuffix: " sa" },
    facts: [
      ["10 dk", "bir dersin ortalama süresi"],
      ["4'te 3", "öğrenci ertesi gün geri geliyor"],
    ],
    popup: {
      title: "Sıradaki kursunuzu seçin",
      text: "Başlamak için üç kurs: okuma, kalıcı alışkanlıklar ve özgüvenle konuşmak.",
      open: "Kurslara göz atın",
    },
    quizOne: {
      question: "Tarih gibi tek bir bilgiyi hızla bulmanıza hangi okuma tekniği yardım eder?",
      variants: ["Göz gezdirme", "Tarama", "Sesli okuma", "Yeniden okuma"],
      explanation: "Tarama, metinde yalnızca aradığınız bilgiye bakarak gözlerinizi hızla gezdirmektir.",
    },
    quizMany: {
      title: "Kısa kontrol",
      question: "Bir kursu bitirmenize hangi alışkanlıklar yardım eder?",
      variants: ["Her gün aynı saatte çalışmak", "Tüm testleri son güne bırakmak", "Takıldığınızda mentorunuza sormak", "Zor bulduğunuz dersleri atlamak"],
      explanation: "Sabit bir saat ve mentorunuza kısa bir soru sizi ilerletir.",
    },
    youtube: { title: "Bir Mentora kursu nasıl işler", description: "Bir kursun dersleri, testleri ve webinarları hakkında kısa bir film." },
    mp4: {
      title: "Sekiz saniyede öğrenme yolu",
      description: "Bir işaret dersten teste, canlı webinara ve sonunda sertifikaya ilerliyor.",
      captions: "Türkçe",
    },
    vimeo: "Mentora ekibinden bir karşılama",
    audio: {
      title: "Nefes molası için üç çan",
      description: "İki ders arasında kullanın: ilk çanda nefes alın, ikincide tutun, üçüncüde verin.",
      transcript: "[Birinci çan] Yavaşça nefes alın.\n[İkinci çan] Nefesinizi tutun.\n[Üçüncü çan] Nefes verin ve omuzlarınızı gevşetin.",
    },
    photo: { alt: "Dizüstü bilgisayarın yanında not alan bir öğrenci", caption: "Açıklamasıyla bir fotoğraf bloğu." },
    gallery: {
      title: "Öğrenme halkalarımızdan",
      images: [
        ["Ahşap bir masada iki açık defter, mavi bir kalem ve bir fincan çay", "Okuma halkasından notlar"],
        ["Beyaz tahtadaki bir şemayı gösteren bir mentor", "Bir mentor şemayı anlatıyor"],
        ["Okuma salonunda renkli kitaplarla dolu raflar", "Okuma salonu"],
        ["Bir ders videosu oynatan dizüstü bilgisayar", "Dizüstünde bir ders"],
        ["Çalışma penceresinden görünen şehrin üzerinde gün doğumu", "Erken bir başlangıç"],
      ],
    },
    beforeAfter: {
      title: "Eskizden resme",
      beforeAlt: "Ağacı ve güneşi olan bir evin kurşun kalem eskizi",
      afterAlt: "Aynı evin renkli resmi: kırmızı çatı, yeşil ağaç ve sarı güneş",
      before: "Eskiz",
      after: "Resim",
    },
    bars: {
      title: "Tipik bir haftada günlük çalışma dakikaları",
      description: "Öğrenciler en çok cumartesi, en az pazar çalışıyor.",
      label: "Gün",
      value: "Dakika",
      unit: "dk",
      days: ["Pzt", "Sal", "Çar", "Per", "Cum", "Cmt", "Paz"],
    },
    pie: { title: "Öğrenciler çalışma zamanını nasıl kullanıyor", label: "Etkinlik", value: "Pay", parts: ["Dersler", "Testler", "Webinarlar", "Tartışmalar"] },
    scheme: {
      title: "Bir kurs nasıl işler",
      steps: [
        ["Bir kurs seçin", "Ücretsiz kurslar hemen, ücretliler satın aldıktan sonra açılır."],
        ["Dersleri çalışın", "Kısa dersler birbiri ardına açılır."],
        ["Kendinizi sınayın", "Her bölümden sonraki test neyi tekrarlamanız gerektiğini gösterir."],
        ["Webinara katılın", "Sorularınızı öğretmene canlı sorun."],
        ["Sertifikanızı alın", "Bitirdiğinizde profilinizde sizi bekler."],
      ],
    },
    person: {
      name: "Ayşe Demir",
      role: "Okuma ve yazma kurslarının mentoru",
      bio: "Ayşe on iki yıl bir ortaokulda edebiyat öğretti. Hafta içi her gün öğrencilerin sorularını yanıtlıyor ve aylık okuma halkasını yürütüyor.",
      alt: "Ayşe Demir'in portresi",
    },
    event: {
      title: "Yeni öğrenciler için açık gün",
      place: "Çevrim içi, webinar sayfasında",
      text: "Mentorlarla tanışın, birlikte bir ders deneyin ve kurslar hakkında her şeyi sorun.",
    },
    quote: { text: "Bloklar sayesinde bir ders sayfasını bir öğleden sonrada kuruyorum ve her dilde doğru görünüyor.", author: "Murat, kurs yazarı" },
    reviews: {
      title: "Öğrenciler ne diyor",
      items: [
        ["Elif", "Anlaşılır dersler ve gerçekten yanıt veren bir mentor. İlk kursumu üç haftada bitirdim."],
        ["Omar", "Her dersten sonraki testler neyi kaçırdığımı tam olarak gösterdi."],
        ["Daria", "En çok webinarları sevdim, ama daha geç bir saatte olmalarını isterdim."],
      ],
    },
    faq: {
      title: "Bu sayfa hakkında",
      items: [
        ["Böyle sayfaları kim kurabilir?", "Portal yazarları bu blokları sayfa tasarımcısında kullanarak sayfa kurar."],
        ["Bloklar telefonda çalışır mı?", "Evet: her blok küçük ekranlara uyar, klavyeyle ve ekran okuyucuyla çalışır."],
      ],
    },
    file: {
      title: "Planı yanınıza alın",
      description: "Yazdırmak ya da telefonunuzda tutmak için dört haftalık bir çalışma planı.",
      name: "mentora-calisma-plani-tr.txt",
    },
    partners: "Ortaklarımız",
    action: {
      title: "İlerlemeniz her cihazda sizinle",
      text: "İlerlemenizi saklamak ve bir mentorla konuşmak için ücretsiz bir hesap oluşturun.",
      button: "Ücretsiz hesap oluştur",
    },
    subscribe: { title: "Yeni kurslardan haberdar olun", text: "E-postanızı bırakın, yeni bir kurs açıldığında size yazalım." },
    donations: { title: "Ücretsiz kursları destekleyin", text: "Bağışınız, ödeme yapamayan öğrenciler için kursları ücretsiz tutar." },
    app: {
      title: "Hareket halindeyken öğrenin",
      text: "Mentora uygulaması kurslarınızı ve ilerlemenizi cebinizde taşır.",
      alt: "Telefonda bir dersi ve ilerlemesini gösteren Mentora uygulaması",
    },
  },
  ar: {
    title: "معرض الكتل",
    description: "كل كتل المحتوى التي تُبنى منها صفحات منتورا، مع أمثلة حقيقية.",
    intro: {
      title: "كل ما يمكن أن تحمله صفحة منتورا",
      html: "<p>تُبنى صفحات الدورات والدروس والصفحات التعريفية من كتل. تعرض هذه الصفحة كل كتلة بمحتوى حقيقي، ليرى المؤلفون ما سيحصلون عليه ويعرف المتعلّمون ما ينتظرهم.</p>",
    },
    stats: { title: "منتورا بالأرقام", items: ["متعلّم أنهوا دورة", "دورة", "لغات", "أقصى مدة لانتظار ردّ المرشد"], hoursSuffix: " ساعة" },
    facts: [
      ["10 دقائق", "متوسط مدة الدرس"],
      ["3 من 4", "متعلّمين يعودون في اليوم التالي"],
    ],
    popup: {
      title: "اختر دورتك التالية",
      text: "ثلاث دورات للبداية: القراءة، وعادات تدوم، والتحدّث بثقة.",
      open: "تصفّح الدورات",
    },
    quizOne: {
      question: "أي تقنية قراءة تساعدك على إيجاد معلومة واحدة، كتاريخ، بسرعة؟",
      variants: ["القراءة السريعة للفكرة العامة", "المسح البصري", "القراءة بصوت عالٍ", "إعادة القراءة"],
      explanation: "المسح البصري يعني تمرير عينيك على النص بحثًا عمّا تحتاجه فقط.",
    },
    quizMany: {
      title: "تحقّق سريع",
      question: "أي العادات تساعدك على إنهاء الدورة؟",
      variants: ["الدراسة في الوقت نفسه كل يوم", "ترك كل الاختبارات لليوم الأخير", "سؤال المرشد عندما تتعثّر", "تخطّي الدروس التي تجدها صعبة"],
      explanation: "وقت ثابت وسؤال سريع لمرشدك يبقيانك في تقدّم.",
    },
    youtube: { title: "كيف تعمل دورة منتورا", description: "فيلم قصير عن دروس الدورة واختباراتها وندواتها." },
    mp4: {
      title: "مسار التعلّم في ثماني ثوانٍ",
      description: "تنتقل علامة من الدرس إلى الاختبار ثم إلى الندوة المباشرة وأخيرًا إلى الشهادة.",
      captions: "العربية",
    },
    vimeo: "ترحيب من فريق منتورا",
    audio: {
      title: "ثلاثة أجراس لاستراحة تنفّس",
      description: "استعملها بين درسين: شهيق مع الجرس الأول، واحبس نفسك مع الثاني، وزفير مع الثالث.",
      transcript: "[الجرس الأول] خذ شهيقًا ببطء.\n[الجرس الثاني] احبس نفسك.\n[الجرس الثالث] أخرج الزفير وأرخِ كتفيك.",
    },
    photo: { alt: "متعلّم يدوّن ملاحظات بجانب حاسوب محمول", caption: "كتلة صورة مع تعليقها." },
    gallery: {
      title: "من حلقاتنا التعليمية",
      images: [
        ["دفتران مفتوحان وقلم أزرق وكوب شاي على طاولة خشبية", "ملاحظات من حلقة القراءة"],
        ["مرشد يشير إلى مخطط على سبورة بيضاء", "مرشد يشرح مخططًا"],
        ["رفوف مليئة بكتب ملوّنة في قاعة المطالعة", "قاعة المطالعة"],
        ["حاسوب محمول يعرض فيديو درس", "درس على الحاسوب"],
        ["شروق الشمس فوق المدينة من نافذة غرفة الدراسة", "بداية مبكرة"],
      ],
    },
    beforeAfter: {
      title: "من الرسم الأولي إلى اللوحة",
      beforeAlt: "رسم أولي بقلم الرصاص لبيت مع شجرة وشمس",
      afterAlt: "البيت نفسه ملوّنًا: سقف أحمر وشجرة خضراء وشمس صفراء",
      before: "رسم أولي",
      after: "لوحة",
    },
    bars: {
      title: "دقائق الدراسة اليومية في أسبوع عادي",
      description: "يدرس المتعلّمون أكثر يوم السبت وأقل يوم الأحد.",
      label: "اليوم",
      value: "الدقائق",
      unit: "د",
      days: ["الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت", "الأحد"],
    },
    pie: { title: "كيف يقضي المتعلّمون وقت الدراسة", label: "النشاط", value: "النسبة", parts: ["الدروس", "الاختبارات", "الندوات", "النقاشات"] },
    scheme: {
      title: "كيف تعمل الدورة",
      steps: [
        ["اختر دورة", "تُفتح الدورات المجانية فورًا، والمدفوعة بعد الشراء."],
        ["ادرس الدروس", "تُفتح الدروس القصيرة واحدًا بعد الآخر."],
        ["اختبر نفسك", "يبيّن الاختبار بعد كل جزء ما يجب أن تعيده."],
        ["احضر الندوة", "اطرح أسئلتك على المعلّم مباشرة."],
        ["احصل على شهادتك", "تنتظرك في ملفك الشخصي عندما تنتهي."],
      ],
    },
    person: {
      name: "عائشة دمير",
      role: "مرشدة دورات القراءة والكتابة",
      bio: "درّست عائشة الأدب في مدرسة متوسطة اثني عشر عامًا. تجيب عن أسئلة المتعلّمين كل يوم عمل وتدير حلقة القراءة الشهرية.",
      alt: "صورة عائشة دمير",
    },
    event: {
      title: "يوم مفتوح للمتعلّمين الجدد",
      place: "عبر الإنترنت، في صفحة الندوات",
      text: "تعرّف إلى المرشدين، وجرّب درسًا معنا، واسأل عن كل ما يخص الدورات.",
    },
    quote: { text: "بفضل الكتل أبني صفحة درس في فترة بعد الظهر، وتبدو صحيحة بكل اللغات.", author: "مراد، مؤلف دورات" },
    reviews: {
      title: "ماذا يقول المتعلّمون",
      items: [
        ["إيليف", "دروس واضحة ومرشد يجيب فعلًا. أنهيت دورتي الأولى في ثلاثة أسابيع."],
        ["عمر", "أظهرت لي الاختبارات بعد كل درس ما فاتني بالضبط."],
        ["داريا", "أحببت الندوات أكثر شيء، لكني أتمنى أن تكون في ساعة متأخرة."],
      ],
    },
    faq: {
      title: "عن هذه الصفحة",
      items: [
        ["من يستطيع بناء صفحات كهذه؟", "يبني مؤلفو البوابة الصفحات من هذه الكتل في مصمّم الصفحات."],
        ["هل تعمل الكتل على الهاتف؟", "نعم: كل كتلة تتكيّف مع الشاشات الصغيرة وتعمل بلوحة المفاتيح وقارئ الشاشة."],
      ],
    },
    file: { title: "خذ الخطة معك", description: "خطة دراسة لأربعة أسابيع لتطبعها أو تحتفظ بها على هاتفك.", name: "mentora-study-plan-ar.txt" },
    partners: "شركاؤنا",
    action: { title: "تقدّمك معك على كل أجهزتك", text: "أنشئ حسابًا مجانيًا لتحفظ تقدّمك وتتحدث مع مرشد.", button: "أنشئ حسابًا مجانيًا" },
    subscribe: { title: "اعرف بالدورات الجديدة", text: "اترك بريدك الإلكتروني وسنكتب لك عندما تُفتح دورة جديدة." },
    donations: { title: "ادعم الدورات المجانية", text: "تبرّعك يبقي الدورات مجانية للمتعلّمين غير القادرين على الدفع." },
    app: { title: "تعلّم أينما كنت", text: "يحمل تطبيق منتورا دوراتك وتقدّمك في جيبك.", alt: "تطبيق منتورا على هاتف يعرض درسًا وتقدّمه" },
  },
  ru: {
    title: "Витрина блоков",
    description: "Все блоки, из которых строятся страницы Mentora, на настоящих примерах.",
    intro: {
      title: "Что может быть на странице Mentora",
      html: "<p>Страницы курсов, уроки и лендинги собираются из блоков. Здесь каждый блок показан с настоящим содержанием: авторы видят, что получат, а ученики — чего ждать.</p>",
    },
    stats: { title: "Mentora в цифрах", items: ["учеников завершили курс", "курсов", "языка", "максимум ожидания ответа наставника"], hoursSuffix: " ч" },
    facts: [
      ["10 мин", "средняя длина урока"],
      ["3 из 4", "учеников возвращаются на следующий день"],
    ],
    popup: {
      title: "Выберите следующий курс",
      text: "Три курса для начала: чтение, привычки, которые остаются, и уверенная речь.",
      open: "Посмотреть курсы",
    },
    quizOne: {
      question: "Какая техника чтения помогает быстро найти один факт, например дату?",
      variants: ["Ознакомительное чтение", "Просмотровое чтение", "Чтение вслух", "Перечитывание"],
      explanation: "При просмотровом чтении взгляд скользит по тексту в поисках только нужного.",
    },
    quizMany: {
      title: "Быстрая проверка",
      question: "Какие привычки помогают дойти до конца курса?",
      variants: [
        "Заниматься каждый день в одно время",
        "Оставлять все тесты на последний день",
        "Спрашивать наставника, когда застряли",
        "Пропускать трудные уроки",
      ],
      explanation: "Постоянное время и короткий вопрос наставнику помогают двигаться вперёд.",
    },
    youtube: { title: "Как устроен курс Mentora", description: "Короткий фильм об уроках, тестах и вебинарах курса." },
    mp4: {
      title: "Путь обучения за восемь секунд",
      description: "Метка движется от урока к тесту, затем к живому вебинару и наконец к сертификату.",
      captions: "Русский",
    },
    vimeo: "Приветствие команды Mentora",
    audio: {
      title: "Три колокольчика для дыхательной паузы",
      description: "Между двумя уроками: вдох на первом звуке, задержка на втором, выдох на третьем.",
      transcript: "[Первый колокольчик] Медленно вдохните.\n[Второй колокольчик] Задержите дыхание.\n[Третий колокольчик] Выдохните и расслабьте плечи.",
    },
    photo: { alt: "Ученик делает записи рядом с ноутбуком", caption: "Блок фотографии с подписью." },
    gallery: {
      title: "Из наших учебных кружков",
      images: [
        ["Две открытые тетради, синяя ручка и чашка чая на деревянном столе", "Записи из кружка чтения"],
        ["Наставник показывает схему на доске", "Наставник объясняет схему"],
        ["Полки с разноцветными книгами в читальном зале", "Читальный зал"],
        ["Ноутбук, на котором идёт видеоурок", "Урок на ноутбуке"],
        ["Рассвет над городом из окна учебной комнаты", "Ранний старт"],
      ],
    },
    beforeAfter: {
      title: "От наброска к картине",
      beforeAlt: "Карандашный набросок дома с деревом и солнцем",
      afterAlt: "Тот же дом в цвете: красная крыша, зелёное дерево и жёлтое солнце",
      before: "Набросок",
      after: "Картина",
    },
    bars: {
      title: "Минуты занятий в день за обычную неделю",
      description: "Больше всего ученики занимаются в субботу, меньше всего — в воскресенье.",
      label: "День",
      value: "Минуты",
      unit: "мин",
      days: ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"],
    },
    pie: { title: "Как ученики распределяют время занятий", label: "Занятие", value: "Доля", parts: ["Уроки", "Тесты", "Вебинары", "Обсуждения"] },
    scheme: {
      title: "Как устроен курс",
      steps: [
        ["Выберите курс", "Бесплатные открываются сразу, платные — после покупки."],
        ["Проходите уроки", "Короткие уроки открываются один за другим."],
        ["Проверьте себя", "Тест после каждой части покажет, что повторить."],
        ["Придите на вебинар", "Задайте вопросы преподавателю вживую."],
        ["Получите сертификат", "Он ждёт вас в профиле, когда вы закончите."],
      ],
    },
    person: {
      name: "Айше Демир",
      role: "Наставник курсов чтения и письма",
      bio: "Айше двенадцать лет преподавала литературу в школе. Она отвечает на вопросы учеников каждый будний день и ведёт ежемесячный кружок чтения.",
      alt: "Портрет Айше Демир",
    },
    event: {
      title: "День открытых дверей для новых учеников",
      place: "Онлайн, на странице вебинаров",
      text: "Познакомьтесь с наставниками, пройдите урок вместе с нами и спросите о курсах что угодно.",
    },
    quote: { text: "С блоками я собираю страницу урока за полдня, и она правильно выглядит на любом языке.", author: "Мурат, автор курсов" },
    reviews: {
      title: "Что говорят ученики",
      items: [
        ["Элиф", "Понятные уроки и наставник, который действительно отвечает. Первый курс я прошла за три недели."],
        ["Омар", "Тесты после каждого урока точно показали, что я упустил."],
        ["Дарья", "Больше всего понравились вебинары, но хотелось бы, чтобы они шли попозже."],
      ],
    },
    faq: {
      title: "Об этой странице",
      items: [
        ["Кто может собирать такие страницы?", "Авторы портала собирают страницы из этих блоков в конструкторе страниц."],
        ["Работают ли блоки на телефоне?", "Да: каждый блок подстраивается под маленький экран и работает с клавиатурой и экранным чтецом."],
      ],
    },
    file: {
      title: "Возьмите план с собой",
      description: "План занятий на четыре недели: распечатайте или сохраните в телефоне.",
      name: "mentora-plan-zanyatiy-ru.txt",
    },
    partners: "Наши партнёры",
    action: {
      title: "Прогресс с вами на любом устройстве",
      text: "Создайте бесплатную учётную запись, чтобы сохранять прогресс и общаться с наставником.",
      button: "Создать бесплатную учётную запись",
    },
    subscribe: { title: "Узнавайте о новых курсах", text: "Оставьте адрес почты, и мы напишем, когда откроется новый курс." },
    donations: { title: "Поддержите бесплатные курсы", text: "Ваш вклад сохраняет курсы бесплатными для тех, кто не может платить." },
    app: {
      title: "Учитесь в дороге",
      text: "Приложение Mentora держит курсы и прогресс у вас в кармане.",
      alt: "Приложение Mentora на телефоне: урок и прогресс по нему",
    },
  },
};

/** A demo course as its card (seed 3 fields): the showcase links to the courses the demo really has. */
function courseCard(c: DemoCourse, lang: DemoLang): TCourseCardProps {
  return {
    id: c.id,
    title: c.title[lang],
    description: c.description[lang],
    cover: { src: c.cover, alt: "" },
    duration: c.duration,
    elementsCount: c.elements.length,
    price: c.price ?? 0,
    ...(c.currency ? { currency: c.currency } : {}),
    category: { id: c.category.id, title: c.category.title[lang] },
  };
}

/** Course cards of the showcase: the demo courses, as a page author would place them. */
export function showcaseCourses(lang: DemoLang): TCourseCardProps[] {
  return DEMO_COURSES.map((c) => courseCard(c, lang));
}

const variantIds = ["a", "b", "c", "d"] as const;
const variants = (list: readonly string[]) => list.map((text, i) => ({ id: variantIds[i], text }));

/** The showcase page in one language: every learning-content block, with the existing ones among them. */
export function showcasePage(lang: DemoLang): { title: string; description: string; blocks: TBlock[] } {
  const t = texts[lang];
  const courses = showcaseCourses(lang);
  const weekMinutes = [20, 25, 15, 30, 20, 45, 10];
  const shares = [45, 20, 25, 10];
  const blocks: TBlock[] = [
    { id: "showcase-intro", type: "text", props: { title: t.intro.title, html: t.intro.html } },
    {
      id: "showcase-statistics",
      type: "statistics",
      props: {
        title: t.stats.title,
        items: [
          { value: 12000, label: t.stats.items[0], suffix: "+" },
          { value: 48, label: t.stats.items[1] },
          { value: 4, label: t.stats.items[2] },
          { value: 24, label: t.stats.items[3], suffix: t.stats.hoursSuffix },
        ],
      },
    },
    ...t.facts.map(([value, text], i): TBlock => ({ id: `showcase-fact-${i}`, type: "fact", props: { variant: "fact", value, text } })),
    { id: "showcase-divider", type: "fact", props: { variant: "divider" } },
    { id: "showcase-course", type: "course", props: courses[0] },
    { id: "showcase-courses-popup", type: "courses-popup", props: { title: t.popup.title, text: t.popup.text, openLabel: t.popup.open, courses } },
    {
      id: "showcase-quiz-single",
      type: "tests",
      props: { question: t.quizOne.question, multiple: false, variants: variants(t.quizOne.variants), correct: ["b"], explanation: t.quizOne.explanation },
    },
    {
      id: "showcase-quiz-multiple",
      type: "tests",
      props: {
        title: t.quizMany.title,
        question: t.quizMany.question,
        multiple: true,
        variants: variants(t.quizMany.variants),
        correct: ["a", "c"],
        explanation: t.quizMany.explanation,
      },
    },
    {
      id: "showcase-video-youtube",
      type: "video",
      props: { title: t.youtube.title, description: t.youtube.description, url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ" },
    },
    {
      id: "showcase-video-file",
      type: "video",
      props: {
        title: t.mp4.title,
        description: t.mp4.description,
        url: `${ASSETS}/learning-path.mp4`,
        poster: `${ASSETS}/video-poster.svg`,
        captions: { src: `${ASSETS}/learning-path.${lang}.vtt`, lang, label: t.mp4.captions },
      },
    },
    { id: "showcase-embed-vimeo", type: "embed", props: { title: t.vimeo, url: "https://vimeo.com/76979871", aspectRatio: "16/9" } },
    {
      id: "showcase-audio",
      type: "audio",
      props: { title: t.audio.title, description: t.audio.description, src: `${ASSETS}/breathing-bells.webm`, transcript: t.audio.transcript },
    },
    { id: "showcase-photo", type: "photo", props: { src: "/demo/learner.svg", alt: t.photo.alt, caption: t.photo.caption, width: 960, height: 540 } },
    {
      id: "showcase-gallery",
      type: "gallery",
      props: {
        title: t.gallery.title,
        images: ["notebooks", "whiteboard", "reading-room", "laptop", "sunrise"].map((name, i) => ({
          src: `${ASSETS}/gallery-${name}.svg`,
          alt: t.gallery.images[i][0],
          caption: t.gallery.images[i][1],
        })),
      },
    },
    {
      id: "showcase-before-after",
      type: "before-after",
      props: {
        title: t.beforeAfter.title,
        before: { src: `${ASSETS}/sketch-before.svg`, alt: t.beforeAfter.beforeAlt, label: t.beforeAfter.before },
        after: { src: `${ASSETS}/sketch-after.svg`, alt: t.beforeAfter.afterAlt, label: t.beforeAfter.after },
        start: 50,
        width: 800,
        height: 450,
      },
    },
    {
      id: "showcase-diagram-bar",
      type: "diagram",
      props: {
        title: t.bars.title,
        description: t.bars.description,
        kind: "bar",
        unit: t.bars.unit,
        labelHeader: t.bars.label,
        valueHeader: t.bars.value,
        data: t.bars.days.map((label, i) => ({ label, value: weekMinutes[i] })),
      },
    },
    {
      id: "showcase-diagram-pie",
      type: "diagram",
      props: {
        title: t.pie.title,
        kind: "pie",
        unit: "%",
        labelHeader: t.pie.label,
        valueHeader: t.pie.value,
        data: t.pie.parts.map((label, i) => ({ label, value: shares[i] })),
      },
    },
    { id: "showcase-scheme", type: "scheme", props: { title: t.scheme.title, steps: t.scheme.steps.map(([title, text]) => ({ title, text })) } },
    {
      id: "showcase-person",
      type: "person",
      props: { name: t.person.name, role: t.person.role, bio: t.person.bio, photo: { src: `${ASSETS}/mentor-ayse.svg`, alt: t.person.alt } },
    },
    { id: "showcase-event-date", type: "event-date", props: { title: t.event.title, date: "2026-12-12", place: t.event.place, text: t.event.text } },
    { id: "showcase-quote", type: "quote", props: { text: t.quote.text, author: t.quote.author } },
    {
      id: "showcase-reviews",
      type: "reviews",
      props: {
        title: t.reviews.title,
        items: t.reviews.items.map(([author, text], i) => ({ author, text, rating: [5, 5, 4][i], date: ["2026-09-03", "2026-10-15", "2026-11-02"][i] })),
      },
    },
    { id: "showcase-faq", type: "faq", props: { title: t.faq.title, items: t.faq.items.map(([question, answer]) => ({ question, answer })) } },
    {
      id: "showcase-file",
      type: "file",
      props: { title: t.file.title, description: t.file.description, name: t.file.name, url: `${ASSETS}/study-plan-${lang}.txt`, size: STUDY_PLAN_SIZES[lang] },
    },
    {
      id: "showcase-partners",
      type: "partners",
      props: {
        title: t.partners,
        items: [
          { name: "Open Shelf", logo: `${ASSETS}/partner-open-shelf.svg`, url: "https://open-shelf.example.org/" },
          { name: "Bright Path", logo: `${ASSETS}/partner-bright-path.svg`, url: "https://bright-path.example.org/" },
          { name: "Lumen Schools", logo: `${ASSETS}/partner-lumen-schools.svg`, url: "https://lumen-schools.example.org/" },
          { name: "Atlas Club", logo: `${ASSETS}/partner-atlas-club.svg`, url: "https://atlas-club.example.org/" },
        ],
      },
    },
    { id: "showcase-action", type: "action", props: { title: t.action.title, text: t.action.text, button: { label: t.action.button, scenarioId: "sign-in" } } },
    { id: "showcase-subscribe", type: "subscribe", props: { title: t.subscribe.title, text: t.subscribe.text, topic: "new-courses" } },
    {
      id: "showcase-donations",
      type: "donations",
      props: {
        title: t.donations.title,
        text: t.donations.text,
        url: "https://donate.example.org/mentora",
        currency: "USD",
        presets: [5, 10, 25, 50],
        defaultPreset: 1,
      },
    },
    {
      id: "showcase-app-promo",
      type: "app-promo",
      props: {
        title: t.app.title,
        text: t.app.text,
        image: { src: `${ASSETS}/app-phone.svg`, alt: t.app.alt },
        stores: [
          { store: "app-store", url: "https://apps.example.org/mentora/ios" },
          { store: "google-play", url: "https://apps.example.org/mentora/android" },
        ],
      },
    },
  ];
  return { title: t.title, description: t.description, blocks };
}

/** Seeds the showcase page in every demo language; existing rows are kept (idempotent). */
export async function seedDemoShowcase(db: Db, environmentId: string) {
  for (const lang of DEMO_LANGS) {
    const page = showcasePage(lang);
    await upsertPage(db, {
      id: `page-${SHOWCASE_ALIAS}-${lang}`,
      environmentId,
      lang,
      alias: SHOWCASE_ALIAS,
      title: page.title,
      description: page.description,
      published: true,
      type: "page",
      components: page.blocks,
    });
  }
}
