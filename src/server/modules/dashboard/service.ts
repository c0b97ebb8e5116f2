import { CHAT_LIMITS } from "../../../domain/chat";
import { DASHBOARD_LIMITS, defaultRange, type TDashboard, type TDashboardQuery, type TStuckLearner, type TStuckReason } from "../../../domain/dashboard";
import { AppError } from "../../../domain/errors";
import { localized } from "../../../domain/localized";
import type { TLocalized } from "../../../domain/portal";
import { mayAuthorPortalSettings } from "../../../domain/studio-policy";
import type { TUser } from "../../../domain/user";
import type { ChatService } from "../chat/service";
import type { DashboardRepo } from "./repo";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Admins and mp-admin run the back office; everyone else is refused (the guest already got 401 from requireUser). */
function adminOnly(user: TUser): TUser {
  if (!mayAuthorPortalSettings(user)) throw new AppError("ADMINS_ONLY", "The dashboard is for admins");
  return user;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/**
 * The back office's dashboard (issue 16): the numbers for a date range and the learners who need help
 * now, with the two actions on them, which go through the chat service (docs/decisions/0060).
 */
export function createDashboardService(deps: {
  repo: DashboardRepo;
  chat: Pick<ChatService, "adminOpenChat" | "assign" | "listMentors">;
  portalId: string;
  environmentId: string;
  portalLangs: () => Promise<{ primaryLang: string }>;
  now?: () => Date;
}) {
  const { repo, portalId, environmentId } = deps;
  const now = deps.now ?? (() => new Date());

  async function stuck(stuckDays: number, text: (v: TLocalized) => string, at: Date): Promise<TStuckLearner[]> {
    const limit = DASHBOARD_LIMITS.stuckRows;
    const promise = new Date(at.getTime() - DASHBOARD_LIMITS.promiseHours * HOUR_MS);
    const [idle, failed, chats, posts] = await Promise.all([
      repo.stuckNoProgress(portalId, new Date(at.getTime() - stuckDays * DAY_MS), limit),
      repo.stuckFailedTwice(portalId, limit),
      repo.stuckChats(portalId, promise, limit),
      repo.stuckDiscussions(portalId, promise, limit),
    ]);
    const rows: Array<{ userId: string; reason: TStuckReason; since: string; about: string | null }> = [
      ...chats.map((r) => ({ userId: r.user_id, reason: "chat-unanswered" as const, since: iso(r.since), about: null })),
      ...posts.map((r) => ({ userId: r.user_id, reason: "discussion-unanswered" as const, since: iso(r.since), about: text(r.title) })),
      ...failed.map((r) => ({ userId: r.user_id, reason: "failed-twice" as const, since: iso(r.since), about: text(r.title) })),
      ...idle.map((r) => ({ userId: r.user_id, reason: "no-progress" as const, since: iso(r.since), about: text(r.title) })),
    ];
    const people = new Map((await repo.people(portalId, [...new Set(rows.map((r) => r.userId))])).map((p) => [p.id, p]));
    return rows.map((r) => {
      const p = people.get(r.userId);
      const name = [p?.first_name, p?.last_name].filter(Boolean).join(" ");
      return { ...r, name: name || p?.email || r.userId, email: p?.email ?? null, chatId: p?.chat_id ?? null, mentorId: p?.mentor_id ?? null };
    });
  }

  return {
    async get(user: TUser, q: TDashboardQuery): Promise<TDashboard> {
      adminOnly(user);
      const at = now();
      const range = q.from && q.to ? { from: q.from, to: q.to } : defaultRange(at);
      if (!q.from !== !q.to) throw new AppError("VALIDATION", "Give both from and to, or neither");
      const r = { start: new Date(`${range.from}T00:00:00Z`), end: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS) };
      const { primaryLang } = await deps.portalLangs();
      const lang = q.lang ?? primaryLang;
      const text = (v: TLocalized) => localized(v, lang, primaryLang);
      const course = q.courseId ? await repo.course(portalId, q.courseId) : await repo.firstCourse(portalId);
      if (q.courseId && !course) throw new AppError("NOT_FOUND", `No course ${q.courseId}`);
      const [stuckRows, mentors, newLearners, courses, funnel, tests, revenue, chat, discussions] = await Promise.all([
        stuck(q.stuckDays, text, at),
        deps.chat.listMentors({ mentorOnLpIds: portalId, lang, limit: CHAT_LIMITS.mentorProfilesMax }),
        repo.newLearners(portalId, r),
        repo.coursesActivity(portalId, r),
        course ? repo.funnel(course.id, r) : Promise.resolve([]),
        repo.testPassRates(portalId, r),
        repo.revenue(environmentId, r),
        repo.chatAnswers(portalId, r, DASHBOARD_LIMITS.promiseHours, at),
        repo.discussionsWaiting(portalId, r, DASHBOARD_LIMITS.promiseHours, at),
      ]);
      return {
        ...range,
        stuckDays: q.stuckDays,
        stuck: stuckRows,
        mentors: mentors.items.map((m) => ({ id: m.id, name: m.fullName, available: m.available })),
        newLearners,
        courses: courses.map((c) => ({ ...c, title: text(c.title) })),
        funnel: { courseId: course?.id ?? null, title: course ? text(course.title) : "", steps: funnel.map((s) => ({ ...s, title: text(s.title) })) },
        tests: tests.map((t) => ({ ...t, title: text(t.title) })),
        revenue,
        chat,
        discussions: discussions.map((d) => ({ ...d, title: text(d.title) })),
      };
    },

    /** "Write to them": the learner's chat on the portal, made for them when they have none; the admin writes in the mentors' inbox. */
    async openChat(user: TUser, learnerId: string, langHint?: string) {
      adminOnly(user);
      const lang = langHint ?? (await deps.portalLangs()).primaryLang;
      const { chat, created } = await deps.chat.adminOpenChat(learnerId, lang);
      if (created) {
        await repo.audit({ portalId, actorId: user.id, action: "chat.open", entityType: "chat", entityId: chat.id, summary: { fields: ["studentId"] } });
      }
      return { chatId: chat.id, path: `/${lang}/mentor/?chat=${encodeURIComponent(chat.id)}` };
    },

    /** "Hand them to a mentor": the learner's chat (made when missing) goes to that mentor, as a leader's reassignment does. */
    async handToMentor(user: TUser, learnerId: string, mentorProfileId: string, langHint?: string) {
      adminOnly(user);
      const lang = langHint ?? (await deps.portalLangs()).primaryLang;
      const { chat } = await deps.chat.adminOpenChat(learnerId, lang);
      const assigned = await deps.chat.assign(user, chat.id, mentorProfileId, lang);
      await repo.audit({
        portalId,
        actorId: user.id,
        action: "chat.assign",
        entityType: "chat",
        entityId: chat.id,
        summary: { fields: ["mentorId"] },
      });
      return { chatId: assigned.id, path: `/${lang}/mentor/?chat=${encodeURIComponent(assigned.id)}` };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
