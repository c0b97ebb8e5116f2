import type { TDataSourceField, TStoredFormField } from "../../../domain/forms";
import type { TLocalized } from "../../../domain/portal";
import type { Db } from "../client";
import { upsertDataSource, upsertForm, upsertRecord } from "./form-factories";

/** The demo "Ask a question" form: its answers go to the `questions` data source. */
export const DEMO_FORM_ID = "form-ask-question";
export const DEMO_QUESTIONS_SOURCE = { id: "ds-questions", plural: "questions" } as const;
/** Reference data the form's city field searches remotely. */
export const DEMO_CITIES_SOURCE = { id: "ds-cities", plural: "cities" } as const;

const questionFields: TDataSourceField[] = [
  { id: "name", type: "string" },
  { id: "email", type: "string" },
  { id: "phone", type: "string" },
  { id: "city", type: "string" },
  { id: "topic", type: "string" },
  { id: "message", type: "string" },
  { id: "callback", type: "boolean" },
  { id: "missionaryId", type: "hidden" },
  { id: "userId", type: "hidden" },
];

const L = (en: string, tr: string, ar: string, ru: string): TLocalized => ({ en, tr, ar, ru });

export const demoFormTexts = {
  title: L("Ask a question", "Bir soru sorun", "اطرح سؤالًا", "Задайте вопрос"),
  subtitle: L(
    "Write to us about courses, mentors or your account. We answer by e-mail within two working days.",
    "Kurslar, mentorlar veya hesabınız hakkında bize yazın. İki iş günü içinde e-postayla yanıtlarız.",
    "راسلنا بشأن الدورات أو المرشدين أو حسابك. نرد بالبريد الإلكتروني خلال يومَي عمل.",
    "Напишите нам о курсах, наставниках или своей учётной записи. Мы ответим по электронной почте в течение двух рабочих дней.",
  ),
  buttonText: L("Send question", "Soruyu gönder", "أرسل السؤال", "Отправить вопрос"),
};

export const demoFormFields: TStoredFormField[] = [
  {
    id: "name",
    name: "name",
    type: "string",
    component: "text",
    props: { label: L("Your name", "Adınız", "اسمك", "Ваше имя"), autocomplete: "name" },
    validation: { required: true, minLength: 2, maxLength: 60 },
    dataAttributes: { analytics: "ask-name" },
  },
  {
    id: "email",
    name: "email",
    type: "string",
    component: "email",
    props: { label: L("E-mail", "E-posta", "البريد الإلكتروني", "Электронная почта"), autocomplete: "email" },
    validation: { required: true },
    dataAttributes: { analytics: "ask-email" },
  },
  {
    id: "phone",
    name: "phone",
    type: "string",
    component: "phone",
    props: {
      label: L("Phone (optional)", "Telefon (isteğe bağlı)", "الهاتف (اختياري)", "Телефон (необязательно)"),
      hint: L("A plus sign and up to 12 digits", "Artı işareti ve en fazla 12 rakam", "علامة الزائد ثم 12 رقمًا على الأكثر", "Знак плюс и не больше 12 цифр"),
      autocomplete: "tel",
    },
    validation: {},
    dataAttributes: { analytics: "ask-phone" },
  },
  {
    id: "city",
    name: "city",
    type: "string",
    component: "remote-search",
    props: {
      label: L("Your city (optional)", "Şehriniz (isteğe bağlı)", "مدينتك (اختياري)", "Ваш город (необязательно)"),
      placeholder: L("Type at least 3 letters", "En az 3 harf yazın", "اكتب 3 أحرف على الأقل", "Введите не меньше 3 букв"),
      search: { dataSourceId: DEMO_CITIES_SOURCE.id, labelField: "name" },
    },
    validation: {},
    dataAttributes: { analytics: "ask-city" },
  },
  {
    id: "topic",
    name: "topic",
    type: "string",
    component: "select",
    props: {
      label: L("Topic", "Konu", "الموضوع", "Тема"),
      placeholder: L("Choose a topic", "Bir konu seçin", "اختر موضوعًا", "Выберите тему"),
      options: [
        { value: "courses", label: L("Courses and lessons", "Kurslar ve dersler", "الدورات والدروس", "Курсы и уроки") },
        { value: "mentor", label: L("My mentor", "Mentorum", "مرشدي", "Мой наставник") },
        { value: "account", label: L("My account", "Hesabım", "حسابي", "Моя учётная запись") },
        { value: "other", label: L("Something else", "Başka bir konu", "موضوع آخر", "Другое") },
      ],
    },
    validation: { required: true },
    dataAttributes: { analytics: "ask-topic" },
  },
  {
    id: "message",
    name: "message",
    type: "string",
    component: "textarea",
    props: { label: L("Your question", "Sorunuz", "سؤالك", "Ваш вопрос"), rows: 5 },
    validation: { required: true, minLength: 10, maxLength: 1000 },
    dataAttributes: { analytics: "ask-message" },
  },
  {
    id: "callback",
    name: "callback",
    type: "boolean",
    component: "checkbox",
    props: { label: L("Call me back instead of writing", "Yazmak yerine beni arayın", "اتصلوا بي بدلًا من الكتابة", "Лучше перезвоните мне") },
    defaultValue: false,
    validation: {},
    dataAttributes: { analytics: "ask-callback" },
  },
];

/** City names with their local spelling, so a learner finds a city typing either. */
const CITIES: Array<[id: string, name: string, country: string]> = [
  ["istanbul", "Istanbul · İstanbul", "TR"],
  ["ankara", "Ankara", "TR"],
  ["izmir", "Izmir · İzmir", "TR"],
  ["bursa", "Bursa", "TR"],
  ["antalya", "Antalya", "TR"],
  ["konya", "Konya", "TR"],
  ["trabzon", "Trabzon", "TR"],
  ["diyarbakir", "Diyarbakir · Diyarbakır", "TR"],
  ["cairo", "Cairo · القاهرة", "EG"],
  ["alexandria", "Alexandria · الإسكندرية", "EG"],
  ["amman", "Amman · عمّان", "JO"],
  ["beirut", "Beirut · بيروت", "LB"],
  ["riyadh", "Riyadh · الرياض", "SA"],
  ["casablanca", "Casablanca · الدار البيضاء", "MA"],
  ["tunis", "Tunis · تونس", "TN"],
  ["baghdad", "Baghdad · بغداد", "IQ"],
  ["dubai", "Dubai · دبي", "AE"],
  ["moscow", "Moscow · Москва", "RU"],
  ["saint-petersburg", "Saint Petersburg · Санкт-Петербург", "RU"],
  ["kazan", "Kazan · Казань", "RU"],
  ["novosibirsk", "Novosibirsk · Новосибирск", "RU"],
  ["yekaterinburg", "Yekaterinburg · Екатеринбург", "RU"],
  ["sochi", "Sochi · Сочи", "RU"],
  ["almaty", "Almaty · Алматы", "KZ"],
  ["baku", "Baku · Bakı", "AZ"],
  ["tashkent", "Tashkent · Toshkent", "UZ"],
  ["london", "London", "GB"],
  ["berlin", "Berlin", "DE"],
  ["paris", "Paris", "FR"],
];

/** The demo form, its data sources and the city list (idempotent: existing rows are kept). */
export async function seedDemoForms(db: Db, environmentId: string) {
  await upsertDataSource(db, {
    ...DEMO_CITIES_SOURCE,
    environmentId,
    fields: [
      { id: "name", type: "string" },
      { id: "country", type: "string" },
    ],
  });
  for (const [id, name, country] of CITIES) {
    await upsertRecord(db, { id: `city-${id}`, dataSourceId: DEMO_CITIES_SOURCE.id, values: { name, country }, userId: "system" });
  }
  await upsertDataSource(db, { ...DEMO_QUESTIONS_SOURCE, environmentId, fields: questionFields });
  await upsertForm(db, {
    id: DEMO_FORM_ID,
    environmentId,
    dataSourceId: DEMO_QUESTIONS_SOURCE.id,
    ...demoFormTexts,
    schema: demoFormFields,
  });
}
