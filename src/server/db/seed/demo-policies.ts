import type { TBlock } from "../../../domain/page";
import { ALL_POLICY_CATEGORIES, type PolicyCategory } from "../../../domain/policy";
import type { Db } from "../client";
import { DEMO_LANGS, type DemoLang } from "./demo-content";
import { upsertPage } from "./factories";

/** The demo portal's terms and policies in the four demo languages: short, but what they say holds. */
interface PolicyText {
  title: string;
  description: string;
  sections: Array<[heading: string, html: string]>;
}

const CONTACT = '<a href="mailto:hello@mentora.example">hello@mentora.example</a>';

const texts: Record<PolicyCategory, Record<DemoLang, PolicyText>> = {
  "privacy-policy": {
    en: {
      title: "Privacy policy",
      description: "What personal data Mentora Academy collects, why, how long it is kept and how you can see, correct or delete it.",
      sections: [
        [
          "Who we are",
          `<p>Mentora Academy runs this learning portal and is responsible for the personal data processed through it. Questions about your data: ${CONTACT}.</p>`,
        ],
        [
          "What we collect",
          "<ul><li>Account data: your name, e-mail address and, if you add it, your phone number. Anonymous accounts keep only a username and a password hash.</li><li>Learning data: the courses you start, your progress, test results and messages to your mentor.</li><li>Technical data: your language, the cookies described in the cookie policy and, with your consent, anonymous usage statistics.</li></ul>",
        ],
        [
          "Why we use it",
          "<p>To run your account and keep your progress, to let a mentor answer your questions, to reply to the forms you send us and, only with your consent, to improve lessons with statistics. We never sell personal data and show no advertising.</p>",
        ],
        [
          "How long we keep it",
          "<p>Account and learning data are kept while your account exists. When you ask us to delete your account we do so within 30 days, except records the law obliges us to keep. Requests sent through forms are deleted after two years.</p>",
        ],
        [
          "Your rights",
          `<p>You may see, correct, export or delete your data, withdraw your consent at any time and complain to your data protection authority. Write to ${CONTACT}; we answer within 30 days.</p>`,
        ],
      ],
    },
    tr: {
      title: "Gizlilik politikası",
      description:
        "Mentora Akademi'nin hangi kişisel verileri neden topladığı, ne kadar sakladığı ve bunları nasıl görebileceğiniz, düzeltebileceğiniz veya sildirebileceğiniz.",
      sections: [
        [
          "Biz kimiz",
          `<p>Bu öğrenme portalını Mentora Akademi işletir ve portal üzerinden işlenen kişisel verilerden sorumludur. Verilerinizle ilgili sorularınız için: ${CONTACT}.</p>`,
        ],
        [
          "Hangi verileri topluyoruz",
          "<ul><li>Hesap verileri: adınız, e-posta adresiniz ve eklerseniz telefon numaranız. Anonim hesaplarda yalnızca kullanıcı adı ve parolanın özeti tutulur.</li><li>Öğrenme verileri: başladığınız kurslar, ilerlemeniz, test sonuçlarınız ve mentorunuza yazdığınız mesajlar.</li><li>Teknik veriler: diliniz, çerez politikasında anlatılan çerezler ve izin verirseniz anonim kullanım istatistikleri.</li></ul>",
        ],
        [
          "Verileri neden kullanıyoruz",
          "<p>Hesabınızı yürütmek ve ilerlemenizi saklamak, mentorunuzun sorularınızı yanıtlaması, bize gönderdiğiniz formlara cevap vermek ve yalnızca izninizle, istatistiklerle dersleri iyileştirmek için. Kişisel verileri asla satmayız, reklam göstermeyiz.</p>",
        ],
        [
          "Ne kadar saklıyoruz",
          "<p>Hesap ve öğrenme verileri hesabınız var olduğu sürece saklanır. Hesabınızın silinmesini istediğinizde, yasanın saklamamızı zorunlu kıldığı kayıtlar dışında 30 gün içinde sileriz. Formlarla gönderilen talepler iki yıl sonra silinir.</p>",
        ],
        [
          "Haklarınız",
          `<p>Verilerinizi görebilir, düzeltebilir, dışa aktarabilir veya sildirebilir, izninizi istediğiniz zaman geri alabilir ve veri koruma kurumuna şikâyette bulunabilirsiniz. ${CONTACT} adresine yazın; 30 gün içinde yanıtlarız.</p>`,
        ],
      ],
    },
    ar: {
      title: "سياسة الخصوصية",
      description: "ما البيانات الشخصية التي تجمعها أكاديمية منتورا، ولماذا، وكم تحتفظ بها، وكيف يمكنك الاطلاع عليها أو تصحيحها أو حذفها.",
      sections: [
        ["من نحن", `<p>تدير أكاديمية منتورا بوابة التعلّم هذه، وهي المسؤولة عن البيانات الشخصية التي تُعالَج من خلالها. لأسئلتك حول بياناتك: ${CONTACT}.</p>`],
        [
          "ما الذي نجمعه",
          "<ul><li>بيانات الحساب: اسمك وبريدك الإلكتروني، ورقم هاتفك إن أضفته. أما الحسابات المجهولة فلا تحفظ إلا اسم المستخدم وبصمة كلمة المرور.</li><li>بيانات التعلّم: الدورات التي تبدؤها، وتقدّمك، ونتائج اختباراتك، ورسائلك إلى مرشدك.</li><li>البيانات التقنية: لغتك، وملفات تعريف الارتباط الموضّحة في سياسة ملفات تعريف الارتباط، وبموافقتك إحصاءات استخدام مجهولة الهوية.</li></ul>",
        ],
        [
          "لماذا نستخدمها",
          "<p>لتشغيل حسابك وحفظ تقدّمك، وليجيب مرشدك عن أسئلتك، وللرد على النماذج التي ترسلها إلينا، ولتحسين الدروس بالإحصاءات بموافقتك فقط. لا نبيع البيانات الشخصية أبدًا ولا نعرض إعلانات.</p>",
        ],
        [
          "مدة الاحتفاظ",
          "<p>نحتفظ ببيانات الحساب والتعلّم ما دام حسابك قائمًا. وعندما تطلب حذف حسابك نحذفه خلال 30 يومًا، باستثناء السجلات التي يلزمنا القانون بحفظها. وتُحذف الطلبات المرسلة عبر النماذج بعد سنتين.</p>",
        ],
        [
          "حقوقك",
          `<p>يحق لك الاطلاع على بياناتك وتصحيحها وتصديرها وحذفها، وسحب موافقتك في أي وقت، وتقديم شكوى إلى هيئة حماية البيانات. راسلنا على ${CONTACT} وسنرد خلال 30 يومًا.</p>`,
        ],
      ],
    },
    ru: {
      title: "Политика конфиденциальности",
      description: "Какие персональные данные собирает Академия Mentora, зачем, как долго хранит и как их посмотреть, исправить или удалить.",
      sections: [
        [
          "Кто мы",
          `<p>Этот учебный портал работает под управлением Академии Mentora, которая отвечает за обрабатываемые на нём персональные данные. Вопросы о ваших данных: ${CONTACT}.</p>`,
        ],
        [
          "Что мы собираем",
          "<ul><li>Данные учётной записи: имя, адрес электронной почты и, если вы его укажете, номер телефона. Анонимные учётные записи хранят только имя пользователя и хеш пароля.</li><li>Учебные данные: начатые курсы, прогресс, результаты тестов и сообщения наставнику.</li><li>Технические данные: язык интерфейса, файлы cookie из политики cookie и, с вашего согласия, обезличенная статистика использования.</li></ul>",
        ],
        [
          "Зачем мы их используем",
          "<p>Чтобы вести вашу учётную запись и сохранять прогресс, чтобы наставник мог ответить на ваши вопросы, чтобы ответить на отправленные вами формы и, только с вашего согласия, чтобы улучшать уроки по статистике. Мы никогда не продаём персональные данные и не показываем рекламу.</p>",
        ],
        [
          "Как долго мы их храним",
          "<p>Данные учётной записи и обучения хранятся, пока существует учётная запись. По вашему запросу мы удаляем учётную запись в течение 30 дней, кроме записей, которые закон обязывает нас хранить. Заявки, отправленные через формы, удаляются через два года.</p>",
        ],
        [
          "Ваши права",
          `<p>Вы можете посмотреть, исправить, выгрузить или удалить свои данные, в любой момент отозвать согласие и пожаловаться в орган по защите данных. Напишите на ${CONTACT} — мы ответим в течение 30 дней.</p>`,
        ],
      ],
    },
  },
  "terms-of-use": {
    en: {
      title: "Terms of use",
      description: "The rules for using Mentora Academy: your account, the course materials, behaviour towards others and changes to the portal.",
      sections: [
        ["Agreement", "<p>By creating an account or using Mentora you accept these terms. If you do not agree with them, please do not use the portal.</p>"],
        [
          "Your account",
          "<p>Keep your password secret: you are responsible for what happens under your account. Give true details when you register. Anonymous accounts are welcome, but a forgotten anonymous password cannot be recovered.</p>",
        ],
        [
          "Course materials",
          "<p>Lessons, tests and videos are for your personal learning. Do not copy, resell or publish them without our written permission. A paid course is open to the account that bought it.</p>",
        ],
        [
          "Behaviour",
          "<p>Be respectful to mentors and other learners. We may remove content and suspend accounts that harass others, send spam or try to break the portal.</p>",
        ],
        [
          "Changes and liability",
          "<p>We may update courses and these terms; important changes are announced on the portal before they apply. The portal is provided as it is, and to the extent the law allows we are not liable for indirect losses.</p>",
        ],
      ],
    },
    tr: {
      title: "Kullanım koşulları",
      description: "Mentora Akademi'yi kullanma kuralları: hesabınız, kurs materyalleri, başkalarına karşı davranış ve portaldaki değişiklikler.",
      sections: [
        [
          "Sözleşme",
          "<p>Hesap oluşturarak veya Mentora'yı kullanarak bu koşulları kabul etmiş olursunuz. Koşulları kabul etmiyorsanız lütfen portalı kullanmayın.</p>",
        ],
        [
          "Hesabınız",
          "<p>Parolanızı gizli tutun: hesabınızda olup bitenden siz sorumlusunuz. Kayıt olurken doğru bilgiler verin. Anonim hesaplar da kabul edilir, ancak unutulan anonim parola geri getirilemez.</p>",
        ],
        [
          "Kurs materyalleri",
          "<p>Dersler, testler ve videolar kişisel öğreniminiz içindir. Yazılı iznimiz olmadan kopyalamayın, satmayın veya yayımlamayın. Ücretli bir kurs, onu satın alan hesaba açıktır.</p>",
        ],
        [
          "Davranış",
          "<p>Mentorlara ve diğer öğrencilere saygılı olun. Başkalarını taciz eden, istenmeyen ileti gönderen veya portalı bozmaya çalışan hesapların içeriğini kaldırabilir ve hesaplarını askıya alabiliriz.</p>",
        ],
        [
          "Değişiklikler ve sorumluluk",
          "<p>Kursları ve bu koşulları güncelleyebiliriz; önemli değişiklikler yürürlüğe girmeden önce portalda duyurulur. Portal olduğu gibi sunulur ve yasanın izin verdiği ölçüde dolaylı zararlardan sorumlu değiliz.</p>",
        ],
      ],
    },
    ar: {
      title: "شروط الاستخدام",
      description: "قواعد استخدام أكاديمية منتورا: حسابك، والمواد التعليمية، والتعامل مع الآخرين، والتغييرات على البوابة.",
      sections: [
        ["الاتفاق", "<p>بإنشائك حسابًا أو استخدامك منتورا فإنك توافق على هذه الشروط. وإن لم توافق عليها فالرجاء عدم استخدام البوابة.</p>"],
        [
          "حسابك",
          "<p>احفظ كلمة مرورك سرًّا، فأنت مسؤول عمّا يجري في حسابك. قدّم بيانات صحيحة عند التسجيل. الحسابات المجهولة مرحّب بها، لكن لا يمكن استعادة كلمة مرور الحساب المجهول إذا نُسيت.</p>",
        ],
        [
          "المواد التعليمية",
          "<p>الدروس والاختبارات والمقاطع المرئية مخصّصة لتعلّمك الشخصي. لا تنسخها ولا تبعها ولا تنشرها دون إذن كتابي منّا. والدورة المدفوعة متاحة للحساب الذي اشتراها.</p>",
        ],
        [
          "السلوك",
          "<p>احترم المرشدين والمتعلّمين الآخرين. يجوز لنا حذف المحتوى وتعليق الحسابات التي تسيء إلى الآخرين أو ترسل رسائل مزعجة أو تحاول تعطيل البوابة.</p>",
        ],
        [
          "التغييرات والمسؤولية",
          "<p>قد نحدّث الدورات وهذه الشروط، ونعلن التغييرات المهمة على البوابة قبل سريانها. تُقدَّم البوابة كما هي، ولا نتحمّل الخسائر غير المباشرة في الحدود التي يسمح بها القانون.</p>",
        ],
      ],
    },
    ru: {
      title: "Условия использования",
      description: "Правила пользования Академией Mentora: учётная запись, учебные материалы, поведение по отношению к другим и изменения портала.",
      sections: [
        [
          "Соглашение",
          "<p>Создавая учётную запись или пользуясь Mentora, вы принимаете эти условия. Если вы с ними не согласны, пожалуйста, не пользуйтесь порталом.</p>",
        ],
        [
          "Ваша учётная запись",
          "<p>Храните пароль в секрете: вы отвечаете за всё, что происходит в вашей учётной записи. Указывайте при регистрации правдивые данные. Анонимные учётные записи разрешены, но забытый анонимный пароль восстановить нельзя.</p>",
        ],
        [
          "Учебные материалы",
          "<p>Уроки, тесты и видео предназначены для вашего личного обучения. Не копируйте, не перепродавайте и не публикуйте их без нашего письменного разрешения. Платный курс открыт той учётной записи, которая его купила.</p>",
        ],
        [
          "Поведение",
          "<p>Уважайте наставников и других учеников. Мы можем удалять материалы и блокировать учётные записи, которые оскорбляют других, рассылают спам или пытаются нарушить работу портала.</p>",
        ],
        [
          "Изменения и ответственность",
          "<p>Мы можем обновлять курсы и эти условия; о важных изменениях мы сообщаем на портале заранее. Портал предоставляется «как есть», и в пределах, допустимых законом, мы не отвечаем за косвенные убытки.</p>",
        ],
      ],
    },
  },
  "cookie-policy": {
    en: {
      title: "Cookie policy",
      description: "Which cookies Mentora Academy uses, which are necessary, which need your consent and how to change your choice.",
      sections: [
        ["What cookies are", "<p>Cookies are small files a website keeps in your browser. We use them to keep you signed in and to remember your choices.</p>"],
        [
          "Necessary cookies",
          "<ul><li><code>apollo-token</code>: keeps you signed in, for 7 days.</li><li><code>lang</code>: your interface language.</li><li><code>cookie-agreement</code>: your cookie choices.</li><li><code>utm-meta</code>, <code>mentor_id</code>, <code>team_id</code>: how you reached us and who invited you, for 30 days.</li></ul><p>The portal cannot work without them, so they cannot be switched off.</p>",
        ],
        [
          "Optional cookies",
          "<p>Analytics and Hotjar show us which lessons work and where pages are hard to use. YouTube and Vimeo set their own cookies when you play their videos. We use them only after you allow each category.</p>",
        ],
        [
          "Changing your choice",
          "<p>Open “Cookie settings” at the bottom of any page to change your choice at any time. You can also delete cookies in your browser settings.</p>",
        ],
      ],
    },
    tr: {
      title: "Çerez politikası",
      description:
        "Mentora Akademi'nin hangi çerezleri kullandığı, hangilerinin zorunlu olduğu, hangilerinin izninize bağlı olduğu ve tercihinizi nasıl değiştireceğiniz.",
      sections: [
        [
          "Çerez nedir",
          "<p>Çerezler, bir web sitesinin tarayıcınızda sakladığı küçük dosyalardır. Oturumunuzun açık kalması ve tercihlerinizin hatırlanması için kullanırız.</p>",
        ],
        [
          "Zorunlu çerezler",
          "<ul><li><code>apollo-token</code>: oturumunuzu 7 gün açık tutar.</li><li><code>lang</code>: arayüz diliniz.</li><li><code>cookie-agreement</code>: çerez tercihleriniz.</li><li><code>utm-meta</code>, <code>mentor_id</code>, <code>team_id</code>: bize nasıl ulaştığınız ve sizi kimin davet ettiği, 30 gün.</li></ul><p>Portal bunlar olmadan çalışamaz, bu yüzden kapatılamazlar.</p>",
        ],
        [
          "İsteğe bağlı çerezler",
          "<p>Analitik ve Hotjar, hangi derslerin işe yaradığını ve sayfaların nerede zor kullanıldığını gösterir. YouTube ve Vimeo, videolarını oynattığınızda kendi çerezlerini yerleştirir. Bunları yalnızca her kategoriye izin verdikten sonra kullanırız.</p>",
        ],
        [
          "Tercihinizi değiştirme",
          "<p>Tercihinizi istediğiniz zaman değiştirmek için her sayfanın altındaki “Çerez ayarları” bağlantısını açın. Çerezleri tarayıcı ayarlarından da silebilirsiniz.</p>",
        ],
      ],
    },
    ar: {
      title: "سياسة ملفات تعريف الارتباط",
      description: "ملفات تعريف الارتباط التي تستخدمها أكاديمية منتورا، والضروري منها، وما يحتاج إلى موافقتك، وكيف تغيّر اختيارك.",
      sections: [
        ["ما ملفات تعريف الارتباط", "<p>ملفات تعريف الارتباط ملفات صغيرة يحفظها الموقع في متصفحك. نستخدمها لإبقائك مسجّل الدخول ولتذكّر اختياراتك.</p>"],
        [
          "الملفات الضرورية",
          "<ul><li><code>apollo-token</code>: يبقيك مسجّل الدخول مدة 7 أيام.</li><li><code>lang</code>: لغة الواجهة.</li><li><code>cookie-agreement</code>: اختياراتك بشأن ملفات تعريف الارتباط.</li><li><code>utm-meta</code> و<code>mentor_id</code> و<code>team_id</code>: كيف وصلت إلينا ومن دعاك، مدة 30 يومًا.</li></ul><p>لا تعمل البوابة دونها، لذلك لا يمكن إيقافها.</p>",
        ],
        [
          "الملفات الاختيارية",
          "<p>تُظهر لنا أدوات التحليلات وHotjar الدروس المفيدة والمواضع الصعبة في الصفحات. ويضع YouTube وVimeo ملفاتهما الخاصة عند تشغيل مقاطعهما. لا نستخدمها إلا بعد أن تسمح بكل فئة.</p>",
        ],
        ["تغيير اختيارك", "<p>افتح «إعدادات ملفات تعريف الارتباط» أسفل أي صفحة لتغيير اختيارك في أي وقت. ويمكنك أيضًا حذف هذه الملفات من إعدادات متصفحك.</p>"],
      ],
    },
    ru: {
      title: "Политика использования файлов cookie",
      description: "Какие файлы cookie использует Академия Mentora, какие из них необходимы, для каких нужно ваше согласие и как изменить выбор.",
      sections: [
        [
          "Что такое cookie",
          "<p>Cookie — это небольшие файлы, которые сайт хранит в вашем браузере. Мы используем их, чтобы вы оставались в системе и чтобы помнить ваш выбор.</p>",
        ],
        [
          "Необходимые cookie",
          "<ul><li><code>apollo-token</code>: сохраняет вход на 7 дней.</li><li><code>lang</code>: язык интерфейса.</li><li><code>cookie-agreement</code>: ваш выбор по cookie.</li><li><code>utm-meta</code>, <code>mentor_id</code>, <code>team_id</code>: откуда вы пришли и кто вас пригласил, на 30 дней.</li></ul><p>Без них портал не работает, поэтому отключить их нельзя.</p>",
        ],
        [
          "Необязательные cookie",
          "<p>Аналитика и Hotjar показывают нам, какие уроки полезны и где страницы неудобны. YouTube и Vimeo ставят свои cookie, когда вы запускаете их видео. Мы используем их только после того, как вы разрешите каждую категорию.</p>",
        ],
        [
          "Как изменить выбор",
          "<p>Откройте «Настройки файлов cookie» внизу любой страницы, чтобы изменить выбор в любой момент. Cookie также можно удалить в настройках браузера.</p>",
        ],
      ],
    },
  },
  "mentor-policy": {
    en: {
      title: "Mentor privacy policy",
      description: "How mentors at Mentora Academy may use learners' data, what stays confidential and what data we process about mentors.",
      sections: [
        ["Who this is for", "<p>This policy applies to mentors, team leaders and mentor administrators who answer learners on Mentora.</p>"],
        [
          "Learner data you see",
          "<p>You see a learner's name, chat messages and course progress only to help them learn. Do not copy this data outside the portal or share it with anyone.</p>",
        ],
        [
          "Confidentiality",
          "<p>Conversations are private. Never ask learners for passwords, payment details or documents, and do not contact them outside the portal unless they ask you to.</p>",
        ],
        [
          "Your own data",
          "<p>We process your name, contact details and activity statistics to assign learners to you and to organise the mentor team. You have the same rights as every user; see the privacy policy.</p>",
        ],
      ],
    },
    tr: {
      title: "Mentor gizlilik politikası",
      description:
        "Mentora Akademi'deki mentorların öğrenci verilerini nasıl kullanabileceği, neyin gizli kaldığı ve mentorlar hakkında hangi verileri işlediğimiz.",
      sections: [
        ["Kimler için", "<p>Bu politika, Mentora'da öğrencileri yanıtlayan mentorlar, ekip liderleri ve mentor yöneticileri için geçerlidir.</p>"],
        [
          "Gördüğünüz öğrenci verileri",
          "<p>Bir öğrencinin adını, sohbet mesajlarını ve kurs ilerlemesini yalnızca öğrenmesine yardım etmek için görürsünüz. Bu verileri portal dışına kopyalamayın ve kimseyle paylaşmayın.</p>",
        ],
        [
          "Gizlilik",
          "<p>Sohbetler özeldir. Öğrencilerden asla parola, ödeme bilgisi veya belge istemeyin; onlar istemedikçe portal dışında onlarla iletişime geçmeyin.</p>",
        ],
        [
          "Sizin verileriniz",
          "<p>Size öğrenci atamak ve mentor ekibini düzenlemek için adınızı, iletişim bilgilerinizi ve etkinlik istatistiklerinizi işleriz. Her kullanıcı gibi aynı haklara sahipsiniz; gizlilik politikasına bakın.</p>",
        ],
      ],
    },
    ar: {
      title: "سياسة خصوصية المرشدين",
      description: "كيف يجوز لمرشدي أكاديمية منتورا استخدام بيانات المتعلّمين، وما الذي يبقى سرّيًّا، وما البيانات التي نعالجها عن المرشدين.",
      sections: [
        ["لمن هذه السياسة", "<p>تنطبق هذه السياسة على المرشدين وقادة الفرق ومشرفي المرشدين الذين يجيبون المتعلّمين في منتورا.</p>"],
        [
          "بيانات المتعلّمين التي تراها",
          "<p>ترى اسم المتعلّم ورسائل المحادثة وتقدّمه في الدورة لمساعدته على التعلّم فقط. لا تنسخ هذه البيانات خارج البوابة ولا تشاركها مع أحد.</p>",
        ],
        ["السرّية", "<p>المحادثات خاصة. لا تطلب من المتعلّمين أبدًا كلمات المرور أو بيانات الدفع أو الوثائق، ولا تتواصل معهم خارج البوابة ما لم يطلبوا ذلك.</p>"],
        [
          "بياناتك أنت",
          "<p>نعالج اسمك وبيانات التواصل معك وإحصاءات نشاطك لإسناد المتعلّمين إليك وتنظيم فريق المرشدين. ولك الحقوق نفسها التي لكل مستخدم؛ راجع سياسة الخصوصية.</p>",
        ],
      ],
    },
    ru: {
      title: "Политика конфиденциальности для наставников",
      description:
        "Как наставники Академии Mentora могут использовать данные учеников, что остаётся конфиденциальным и какие данные о наставниках мы обрабатываем.",
      sections: [
        [
          "Для кого эта политика",
          "<p>Политика действует для наставников, руководителей команд и администраторов наставников, которые отвечают ученикам на Mentora.</p>",
        ],
        [
          "Какие данные учеников вы видите",
          "<p>Вы видите имя ученика, сообщения в чате и прогресс по курсу только для того, чтобы помочь ему учиться. Не копируйте эти данные за пределы портала и никому их не передавайте.</p>",
        ],
        [
          "Конфиденциальность",
          "<p>Переписка конфиденциальна. Никогда не просите у учеников пароли, платёжные данные или документы и не связывайтесь с ними вне портала, если они сами об этом не попросили.</p>",
        ],
        [
          "Ваши собственные данные",
          "<p>Мы обрабатываем ваше имя, контакты и статистику активности, чтобы назначать вам учеников и организовывать команду наставников. У вас те же права, что и у любого пользователя; см. политику конфиденциальности.</p>",
        ],
      ],
    },
  },
  "mentor-terms": {
    en: {
      title: "Mentor terms",
      description: "What Mentora Academy expects of its mentors: the role, conduct with learners, availability and ending mentor access.",
      sections: [
        ["Your role", "<p>Mentors guide learners through their courses and answer their questions within 24 hours.</p>"],
        [
          "Conduct",
          "<p>Be patient, kind and accurate. Stay within the subject of the course, do not advertise, and tell your team leader when a conversation needs help you cannot give.</p>",
        ],
        ["Availability", "<p>Set your status to away when you cannot answer; your learners are then assigned to another mentor so nobody waits.</p>"],
        [
          "Ending",
          "<p>You may stop mentoring at any time. We may end mentor access when these terms are broken; conversations with learners stay with the portal.</p>",
        ],
      ],
    },
    tr: {
      title: "Mentor koşulları",
      description: "Mentora Akademi'nin mentorlarından beklentileri: rol, öğrencilerle davranış, ulaşılabilirlik ve mentorluğun sona ermesi.",
      sections: [
        ["Rolünüz", "<p>Mentorlar öğrencilere kurslarında rehberlik eder ve sorularını 24 saat içinde yanıtlar.</p>"],
        [
          "Davranış",
          "<p>Sabırlı, nazik ve doğru olun. Kursun konusunun dışına çıkmayın, reklam yapmayın ve veremeyeceğiniz bir yardım gerektiğinde ekip liderinize haber verin.</p>",
        ],
        [
          "Ulaşılabilirlik",
          "<p>Yanıt veremeyeceğiniz zamanlarda durumunuzu uzakta olarak ayarlayın; öğrencileriniz beklemesin diye başka bir mentora atanır.</p>",
        ],
        [
          "Sona erme",
          "<p>Mentorluğu istediğiniz zaman bırakabilirsiniz. Bu koşullar çiğnenirse mentor erişimini sonlandırabiliriz; öğrencilerle yapılan sohbetler portalda kalır.</p>",
        ],
      ],
    },
    ar: {
      title: "شروط المرشدين",
      description: "ما تنتظره أكاديمية منتورا من مرشديها: الدور، والتعامل مع المتعلّمين، والتوفّر، وإنهاء صلاحية الإرشاد.",
      sections: [
        ["دورك", "<p>يوجّه المرشدون المتعلّمين خلال دوراتهم ويجيبون عن أسئلتهم خلال 24 ساعة.</p>"],
        ["السلوك", "<p>كن صبورًا ولطيفًا ودقيقًا. التزم بموضوع الدورة، ولا تعلن عن شيء، وأخبر قائد فريقك حين تحتاج محادثةٌ إلى مساعدة لا تستطيع تقديمها.</p>"],
        ["التوفّر", "<p>اضبط حالتك على «غير متاح» حين لا تستطيع الرد، فيُسند متعلّموك إلى مرشد آخر حتى لا ينتظر أحد.</p>"],
        ["الإنهاء", "<p>يمكنك التوقف عن الإرشاد في أي وقت. ويجوز لنا إنهاء صلاحية الإرشاد عند مخالفة هذه الشروط، وتبقى المحادثات مع المتعلّمين في البوابة.</p>"],
      ],
    },
    ru: {
      title: "Условия для наставников",
      description: "Чего Академия Mentora ждёт от наставников: роль, общение с учениками, доступность и прекращение доступа наставника.",
      sections: [
        ["Ваша роль", "<p>Наставники сопровождают учеников по курсам и отвечают на их вопросы в течение 24 часов.</p>"],
        [
          "Поведение",
          "<p>Будьте терпеливы, доброжелательны и точны. Не выходите за рамки темы курса, не размещайте рекламу и сообщайте руководителю команды, если разговору нужна помощь, которую вы дать не можете.</p>",
        ],
        [
          "Доступность",
          "<p>Ставьте статус «нет на месте», когда не можете отвечать: ваших учеников передадут другому наставнику, и никому не придётся ждать.</p>",
        ],
        [
          "Прекращение",
          "<p>Вы можете перестать быть наставником в любой момент. При нарушении этих условий мы можем закрыть доступ наставника; переписка с учениками остаётся на портале.</p>",
        ],
      ],
    },
  },
};

/** One text block per section, so a long policy keeps its headings in the page outline. */
export function policyPage(category: PolicyCategory, lang: DemoLang): { title: string; description: string; blocks: TBlock[] } {
  const t = texts[category][lang];
  return {
    title: t.title,
    description: t.description,
    blocks: t.sections.map(([title, html], i): TBlock => ({ id: `${category}-${i + 1}`, type: "text", props: { title, html } })),
  };
}

/** Every policy category as a published page in every demo language (idempotent: existing rows are kept). */
export async function seedDemoPolicies(db: Db, environmentId: string) {
  for (const category of ALL_POLICY_CATEGORIES) {
    for (const lang of DEMO_LANGS) {
      const p = policyPage(category, lang);
      await upsertPage(db, {
        id: `page-${category}-${lang}`,
        environmentId,
        lang,
        alias: category,
        title: p.title,
        description: p.description,
        published: true,
        type: "page",
        components: p.blocks,
      });
    }
  }
}
