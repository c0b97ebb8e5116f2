import { AppError } from "../../../domain/errors";
import { mayActOn, mayChangeRoles, mayManagePeople } from "../../../domain/people-policy";
import { MANAGED_ROLES, type TPeoplePage, type TPeopleQuery, type TPersonDetail, type TPersonKind, type TPersonSummary } from "../../../domain/people";
import { linkMethod, type TUser } from "../../../domain/user";
import type { SendIn } from "../../platform/mail";
import type { AuthService } from "../auth/service";
import type { ChatService } from "../chat/service";
import type { OrdersService } from "../orders/service";
import type { ProgressService } from "../progress/service";
import { presentUser, type UserRecord, type UsersService } from "../users/service";

/**
 * Queues a reset link's letter (modules/auth/reset-mail.ts, handed in by main.ts with the request);
 * `into.tx` is the token's transaction (docs/decisions/0073).
 */
export type SendReset = (reset: { token: string; user: TUser }, into: SendIn) => Promise<void>;
/** Reads what the letter needs (its language and texts), so that sending it inside the transaction reads nothing. */
export type PrepareReset = () => Promise<SendReset>;

type Actor = Pick<TUser, "id" | "status" | "roles">;

function kindOf(row: UserRecord): TPersonKind {
  if (row.status === "session") return "session";
  if (!row.email && !row.phone && row.links.every((l) => linkMethod(l) === "anonymous" || linkMethod(l) === "session")) return "anonymous";
  return "registered";
}

function summary(row: UserRecord): TPersonSummary {
  const u = presentUser(row);
  return {
    id: row.id,
    kind: kindOf(row),
    fullName: u.fullName,
    email: row.email,
    phone: row.phone,
    username: row.username,
    roles: row.roles,
    blocked: !!row.blockedAt,
    registered: u.registered,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The cursor of a page: the last row's creation time and id, opaque to the client. */
function encodeCursor(row: UserRecord): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`, "utf8").toString("base64url");
}
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (!id || Number.isNaN(createdAt.getTime())) {
    throw new AppError("VALIDATION", "Bad cursor", { validationErrors: [{ field: "after", message: "Not a cursor of this list" }] });
  }
  return { createdAt, id };
}

/**
 * People in the back office (issue 16, docs/decisions/0057): search, one person, roles, block and
 * unblock, a reset link, deletion and the data export. Admins and mp-admin only; the rules are in
 * domain/people-policy.ts. Accounts change only through the users service (its audit row in the
 * same transaction, `user:{id}` on the bus); sessions end through the auth service.
 */
export function createPeopleService(deps: { users: UsersService; auth: AuthService; orders: OrdersService; chat: ChatService; progress: ProgressService }) {
  const { users, auth, orders, chat, progress } = deps;

  function allowed(who: Actor): void {
    if (!mayManagePeople(who)) throw new AppError("ADMINS_ONLY", "People: admins and mp-admin only");
  }
  async function target(who: Actor, id: string): Promise<UserRecord> {
    allowed(who);
    const row = await users.findById(id);
    if (!row) throw new AppError("NOT_FOUND", `User ${id} not found`);
    if (!mayActOn(who, row)) throw new AppError("ADMINS_ONLY", "Only an admin acts on an admin's account");
    return row;
  }
  async function readable(who: Actor, id: string): Promise<UserRecord> {
    allowed(who);
    const row = await users.findById(id);
    if (!row) throw new AppError("NOT_FOUND", `User ${id} not found`);
    return row;
  }

  async function detail(row: UserRecord, lang?: string): Promise<TPersonDetail> {
    const [identities, courses, bought, chats] = await Promise.all([
      auth.identitiesOf(row.id),
      progress.coursesOf(row.id),
      orders.listMyOrders(presentUser(row), lang),
      chat.chatsOf(row.id),
    ]);
    const signIn = [
      ...(row.passwordHash ? [{ method: "password", email: row.email }] : []),
      ...identities.map((i) => ({ method: i.provider, email: i.email })),
    ];
    return {
      ...summary(row),
      signIn,
      emailVerified: !!row.email && !!row.emailVerifiedAt,
      blockedAt: row.blockedAt?.toISOString() ?? null,
      consents: row.gdprPortals,
      deletion: row.deletion.map((d) => ({ environmentId: d.environmentId, at: d.at })),
      courses,
      orders: bought.map((o) => ({
        id: o.id,
        courseId: o.courseId,
        courseTitle: o.courseTitle,
        status: o.status,
        amount: o.amount,
        currency: o.currency,
        createdAt: o.createdAt,
      })),
      chats,
    };
  }

  return {
    async search(who: Actor, q: TPeopleQuery): Promise<TPeoplePage> {
      allowed(who);
      const rows = await users.search({
        q: q.q || undefined,
        sessions: q.sessions === "include",
        after: q.after ? decodeCursor(q.after) : undefined,
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      return { people: page.map(summary), next: rows.length > q.limit ? encodeCursor(page[page.length - 1]) : null };
    },

    async get(who: Actor, id: string, lang?: string): Promise<TPersonDetail> {
      return detail(await readable(who, id), lang);
    },

    /** Sets the person's managed roles; roles outside the managed list (envmgr-admin) stay as they are. */
    async setRoles(who: Actor, id: string, wanted: readonly string[], lang?: string): Promise<TPersonDetail> {
      const row = await target(who, id);
      const kept = row.roles.filter((r) => !(MANAGED_ROLES as readonly string[]).includes(r));
      const next = [...kept, ...MANAGED_ROLES.filter((r) => wanted.includes(r))];
      if (!mayChangeRoles(who, row.roles, next)) throw new AppError("ADMINS_ONLY", "Only an admin grants or removes admin");
      const updated = await users.changeAsAdmin(
        id,
        { roles: next },
        { actorId: who.id, action: "user.roles", summary: { fields: ["roles"], from: row.roles.join(","), to: next.join(",") } },
      );
      return detail(updated, lang);
    },

    /** Blocks the account: no sign-in, its access tokens refused on every instance, its sessions ended. */
    async block(who: Actor, id: string, lang?: string): Promise<TPersonDetail> {
      if (who.id === id) throw new AppError("NOT_ON_YOURSELF", "An admin cannot block themselves");
      const row = await target(who, id);
      const updated = row.blockedAt
        ? row
        : await users.changeAsAdmin(id, { blockedAt: new Date() }, { actorId: who.id, action: "user.block", summary: { fields: ["blockedAt"] } });
      await auth.endAllSessions(id);
      return detail(updated, lang);
    },

    async unblock(who: Actor, id: string, lang?: string): Promise<TPersonDetail> {
      const row = await target(who, id);
      if (!row.blockedAt) return detail(row, lang);
      const updated = await users.changeAsAdmin(id, { blockedAt: null }, { actorId: who.id, action: "user.unblock", summary: { fields: ["blockedAt"] } });
      return detail(updated, lang);
    },

    /** Mails the person the usual reset link (the forgot-password letter). */
    async sendPasswordReset(who: Actor, id: string, prepare: PrepareReset): Promise<void> {
      await target(who, id);
      const send = await prepare();
      await auth.createPasswordResetFor(id, async (reset, tx) => {
        await users.auditAsAdmin(id, { actorId: who.id, action: "user.reset-password", summary: {} }, tx);
        await send(reset, { tx });
      });
    },

    /** Deletes the account (docs/decisions/0029: sessions cascade, every instance refuses its tokens). */
    async remove(who: Actor, id: string): Promise<void> {
      if (who.id === id) throw new AppError("NOT_ON_YOURSELF", "An admin cannot delete themselves");
      await target(who, id);
      await users.removeAsAdmin(id, { actorId: who.id, action: "user.delete", summary: {} });
    },

    /** Everything kept about the person (right of access), without password or token hashes. */
    async exportData(who: Actor, id: string) {
      const row = await readable(who, id);
      const [identities, learning, bought, chats, audit] = await Promise.all([
        auth.identitiesOf(row.id),
        progress.exportOf(row.id),
        orders.listMyOrders(presentUser(row)),
        chat.exportOf(row.id),
        users.auditAbout(row.id),
      ]);
      const { passwordHash: _hash, ...account } = row;
      return {
        exportedAt: new Date().toISOString(),
        account: { ...account, hasPassword: !!_hash },
        identities,
        progress: learning,
        orders: bought,
        chats,
        consents: row.gdprPortals,
        audit: audit.map((a) => ({ action: a.action, actorId: a.actorId, summary: a.summary, at: a.createdAt })),
      };
    },
  };
}
export type PeopleService = ReturnType<typeof createPeopleService>;
