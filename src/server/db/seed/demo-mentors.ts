import { eq } from "drizzle-orm";
import { hashPassword } from "../../platform/auth/passwords";
import type { Db } from "../client";
import { chatSettings, mentorProfiles } from "../schema/chat";
import { users } from "../schema/users";
import { DEMO_PASSWORD } from "./demo-accounts";

/** The demo mentors' sign-in (README "Demo accounts"): a demo only, never a real portal's. */
export const DEMO_MENTOR_PASSWORD = DEMO_PASSWORD;

interface DemoMentor {
  userId: string;
  profileId: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  role: "mentor" | "mp-leader";
  avatar: string;
  names: Record<string, string>;
  bios: Record<string, string>;
}

export const DEMO_MENTORS: DemoMentor[] = [
  {
    userId: "usr-demo-mentor-aylin",
    profileId: "mnt_demo-aylin",
    email: "aylin.mentor@mentora.example",
    firstName: "Aylin",
    lastName: "Demir",
    roles: ["mentor"],
    role: "mentor",
    avatar: "/demo/mentors/aylin.svg",
    names: { tr: "Aylin Demir", en: "Aylin Demir", ar: "آيلين دمير", ru: "Айлин Демир" },
    bios: {
      tr: "Okuma ve konuşma kurslarında mentor. Takıldığın her yerde yanındayım.",
      en: "Mentor for the reading and speaking courses. Ask me wherever you get stuck.",
      ar: "مرشدة في دورات القراءة والمحادثة. اسألني أينما توقفت.",
      ru: "Наставник курсов чтения и разговорной речи. Спрашивайте, где бы вы ни застряли.",
    },
  },
  {
    userId: "usr-demo-mentor-omar",
    profileId: "mnt_demo-omar",
    email: "omar.mentor@mentora.example",
    firstName: "Omar",
    lastName: "Haddad",
    roles: ["mentor"],
    role: "mentor",
    avatar: "/demo/mentors/omar.svg",
    names: { tr: "Ömer Haddad", en: "Omar Haddad", ar: "عمر حداد", ru: "Омар Хаддад" },
    bios: {
      tr: "Alışkanlık ve planlama kurslarında mentor; küçük adımlarla ilerlemeyi severim.",
      en: "Mentor for the habits and planning courses; small steps are my favourite kind.",
      ar: "مرشد في دورات العادات والتخطيط؛ أحب التقدم بخطوات صغيرة.",
      ru: "Наставник курсов о привычках и планировании; люблю маленькие шаги.",
    },
  },
  {
    userId: "usr-demo-leader-elena",
    profileId: "mnt_demo-elena",
    email: "elena.leader@mentora.example",
    firstName: "Elena",
    lastName: "Sokolova",
    roles: ["mp-leader"],
    role: "mp-leader",
    avatar: "/demo/mentors/elena.svg",
    names: { tr: "Elena Sokolova", en: "Elena Sokolova", ar: "إيلينا سوكولوفا", ru: "Елена Соколова" },
    bios: {
      tr: "Mentor ekibinin lideri; sohbetleri dağıtır ve her sorunun yanıtlanmasını sağlarım.",
      en: "Leads the mentor team; I share out the chats and make sure every question is answered.",
      ar: "قائدة فريق المرشدين؛ أوزّع المحادثات وأتأكد من الرد على كل سؤال.",
      ru: "Руководитель команды наставников: распределяю чаты и слежу, чтобы ответ получил каждый.",
    },
  },
];

/**
 * Two mentors and a leader with sign-in accounts, mentor profiles in four languages and avatars;
 * the learner picks a mentor (multiple mode). Existing rows are kept (passwords are hashed only for
 * accounts that are new).
 */
export async function seedDemoMentors(db: Db, portalId: string) {
  for (const m of DEMO_MENTORS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.id, m.userId)).limit(1);
    if (!existing) {
      const now = new Date();
      await db
        .insert(users)
        .values({
          id: m.userId,
          status: "active",
          roles: m.roles,
          email: m.email,
          passwordHash: await hashPassword(DEMO_MENTOR_PASSWORD),
          firstName: m.firstName,
          lastName: m.lastName,
          avatar: { url: m.avatar },
          complete: true,
          registered: now,
          emailVerifiedAt: now,
          links: [`email|${m.email}`],
        })
        .onConflictDoNothing();
    }
    await db
      .insert(mentorProfiles)
      .values({ id: m.profileId, userId: m.userId, portalId, role: m.role, names: m.names, bios: m.bios, avatarUrl: m.avatar, available: true })
      .onConflictDoNothing();
  }
  await db.insert(chatSettings).values({ portalId, assignment: "learner-chooses" }).onConflictDoNothing();
}
