import { randomUUID } from "node:crypto";
import { AppError } from "../../../domain/errors";
import { type Arrival, isEmptyArrival, sameUtm } from "../../../domain/arrival";
import { needsDiscipleUpgrade, progressRecordId, type TUser } from "../../../domain/user";
import type { Db } from "../../db/client";
import type { Bus } from "../../platform/bus";
import { isUniqueViolation, type PeopleFilter, type PersonAudit, type UserInsert, type UserRow, type UsersRepo } from "./repo";
import { createUserCache } from "./user-cache";

export function presentUser(row: UserRow): TUser {
  const fullName = [row.firstName, row.lastName].filter(Boolean).join(" ") || row.username || "";
  return {
    id: row.id,
    roles: row.roles,
    status: row.status,
    email: row.email,
    emailVerified: !!row.email && !!row.emailVerifiedAt,
    pendingEmail: row.pendingEmail,
    phone: row.phone,
    username: row.username,
    complete: row.complete,
    registered: row.registered?.toISOString() ?? null,
    fullName,
    firstName: row.firstName,
    lastName: row.lastName,
    avatar: row.avatar ?? null,
    deletion: row.deletion,
    learning: { environments: row.learningEnvironments },
    gdpr: { portals: row.gdprPortals },
    analytics: { utm: row.utm },
    orders: { courses: row.orderedCourses },
    links: row.links,
    chatV2: row.chatV2,
  };
}

/** What a profile write sets directly; a new e-mail goes through verification (auth service). */
export interface ProfileCore {
  phone?: string;
  complete?: boolean;
}

/**
 * Accounts. Every write goes through `update` (or `remove`), which tells every instance on the bus
 * (`user:{id}`), so the accounts kept in memory for session checks (`cached`) never outlive a change.
 */
export function createUsersService(deps: {
  repo: UsersRepo;
  portalId: string;
  environmentId: string;
  bus: Pick<Bus, "publish" | "subscribe" | "onLost" | "onResync">;
}) {
  const { repo, portalId, environmentId, bus } = deps;
  const cache = createUserCache({
    bus,
    // A blocked account is no one's to act as (issue 16): session checks find none and refuse the token.
    load: async (id) => {
      const row = await repo.findById(id);
      return row && !row.blockedAt ? presentUser(row) : null;
    },
  });

  /** After a write committed: this instance forgets the account at once, the others when they hear it. */
  async function changed(id: string, kind: "changed" | "revoked") {
    cache.invalidate(id);
    await bus.publish({ topic: `user:${id}`, kind, id });
  }

  async function mustFind(id: string): Promise<UserRow> {
    const row = await repo.findById(id);
    if (!row) throw new AppError("NOT_FOUND", `User ${id} not found`);
    return row;
  }

  /** Unique e-mail/phone/username clashes become the seed's typed duplicate errors. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (isUniqueViolation(e, "users_email")) throw new AppError("DUPLICATE_EMAIL", "This e-mail is already registered", { field: "email" });
      if (isUniqueViolation(e, "users_phone")) throw new AppError("DUPLICATE_EMAIL_OR_PHONE", "This phone is already registered", { field: "phone" });
      if (isUniqueViolation(e, "users_username")) throw new AppError("DUPLICATE_USERNAME", "This username is taken");
      throw e;
    }
  }

  return {
    guarded,
    /** The stored account (for the identity service); null when there is none. */
    findById(id: string): Promise<UserRow | null> {
      return repo.findById(id);
    },
    findByEmail(email: string): Promise<UserRow | null> {
      return repo.findByEmail(email);
    },
    findByPhone(phone: string): Promise<UserRow | null> {
      return repo.findByPhone(phone);
    },
    findByUsername(username: string): Promise<UserRow | null> {
      return repo.findByUsername(username);
    },
    /** The team a user belongs to (group-only content); null for none or no such user. */
    async teamOf(id: string): Promise<string | null> {
      return (await repo.findById(id))?.teamId ?? null;
    },
    /** A learner and their mentor, for the progress rules (who may read whose record); null when there is none. */
    async findLearner(id: string): Promise<{ id: string; mentorId: string | null } | null> {
      const row = await repo.findById(id);
      return row ? { id: row.id, mentorId: row.mentorId ?? null } : null;
    },
    async get(id: string): Promise<TUser> {
      return presentUser(await mustFind(id));
    },
    /**
     * The account as session checks present it, from this instance's memory when it is there (no
     * read per request); null when there is none. Only for who is asking: reads that decide
     * something about the account use `findById`.
     */
    cached(id: string): Promise<TUser | null> {
      return cache.get(id);
    },
    async create(row: Omit<UserInsert, "id">): Promise<UserRow> {
      return guarded(() => repo.insert({ id: `usr-${randomUUID()}`, ...row }));
    },
    async update(id: string, patch: Partial<UserInsert>): Promise<UserRow> {
      const row = await guarded(() => repo.update(id, patch));
      if (!row) throw new AppError("NOT_FOUND", `User ${id} not found`);
      await changed(id, "changed");
      return row;
    },
    /**
     * Turns a session account into a registered one, atomically: only the first of two sign-ups racing
     * for one session wins (issue 28: a double submit registered it twice and mailed twice); null for the other.
     */
    async convertSession(id: string, patch: Partial<UserInsert>): Promise<UserRow | null> {
      const row = await guarded(() => repo.updateSession(id, patch));
      if (row) await changed(id, "changed");
      return row;
    },
    /**
     * Deletes an account and with it its sessions (the table cascades); every instance refuses its
     * access tokens from the moment it hears `user:{id}` `revoked` (docs/decisions/0029).
     */
    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw new AppError("NOT_FOUND", `User ${id} not found`);
      await changed(id, "revoked");
    },
    /**
     * Bought access (docs/decisions/0031): adds a course to the account's orders.courses inside the
     * caller's transaction `tx`, which also records why (the paid order, the claimed gift). After it
     * commits, the caller calls `accessChanged` so every instance forgets the account it keeps.
     */
    grantCourse(tx: Db, userId: string, courseId: string): Promise<boolean> {
      return repo.grantCourse(tx, userId, courseId);
    },
    /** Takes a course back (a reversed payment) inside `tx`; `accessChanged` after commit. */
    revokeCourse(tx: Db, userId: string, courseId: string): Promise<boolean> {
      return repo.revokeCourse(tx, userId, courseId);
    },
    /** Learners' mentors inside the caller's transaction `tx`, in one statement; `accessChanged` for each after commit. */
    setMentors(tx: Db, pairs: Array<{ userId: string; mentorId: string }>): Promise<void> {
      return repo.setMentors(tx, pairs);
    },
    /** Tells every instance (`user:{id}` changed) after a grant or revocation committed, as `update` does. */
    accessChanged(userId: string): Promise<void> {
      return changed(userId, "changed");
    },
    /** The back office's people search (issue 16): newest first, `limit` rows after `after`. */
    search(filter: PeopleFilter): Promise<UserRow[]> {
      return repo.search(filter);
    },
    /**
     * A back-office change (roles, block, unblock) with its audit row in one transaction; LAST_ADMIN
     * when it would leave the portal without an admin (nothing written). Every instance hears `user:{id}`.
     */
    async changeAsAdmin(id: string, patch: Partial<UserInsert>, audit: BackOfficeAudit): Promise<UserRow> {
      const row = await repo.changeWithAudit(id, patch, { ...audit, portalId });
      if (!row) throw new AppError("NOT_FOUND", `User ${id} not found`);
      await changed(id, "changed");
      return row;
    },
    /** A back-office deletion (as `remove`, docs/decisions/0029) with its audit row; LAST_ADMIN as changeAsAdmin. */
    async removeAsAdmin(id: string, audit: BackOfficeAudit): Promise<void> {
      if (!(await repo.removeWithAudit(id, { ...audit, portalId }))) throw new AppError("NOT_FOUND", `User ${id} not found`);
      await changed(id, "revoked");
    },
    /** An audit row about an account for a back-office act that changes no column (a reset link sent); `tx`, the act's transaction. */
    auditAsAdmin(id: string, audit: BackOfficeAudit, tx?: Db): Promise<void> {
      return repo.audit(id, { ...audit, portalId }, tx);
    },
    /** The audit rows about an account (the export), newest first. */
    auditAbout(id: string, limit = 500) {
      return repo.auditAbout(portalId, id, limit);
    },
    /** Seed 001 §4: a non-guest user lacking disciple is upgraded on session creation and profile update. */
    async upgradeToDisciple(row: UserRow): Promise<UserRow> {
      if (!needsDiscipleUpgrade({ id: row.id, roles: row.roles })) return row;
      return this.update(row.id, { roles: [...row.roles, "disciple"] });
    },
    async updateProfile(id: string, core: ProfileCore): Promise<TUser> {
      const row = await mustFind(id);
      const updated = await this.update(id, {
        ...(core.phone !== undefined ? { phone: core.phone } : {}),
        ...(core.complete !== undefined ? { complete: core.complete } : {}),
      });
      return presentUser(await this.upgradeToDisciple(updated ?? row));
    },
    /** Marks the account for deletion on this environment (profile id 'bo:<userId>'). */
    async setDeletion(id: string, profileId: string): Promise<TUser> {
      if (profileId !== `bo:${id}`) throw new AppError("AUTH_DENY", "A deletion mark can only be set on your own profile");
      const row = await mustFind(id);
      const rest = row.deletion.filter((d) => d.environmentId !== environmentId);
      return presentUser(await this.update(id, { deletion: [...rest, { environmentId, profileId, at: new Date().toISOString() }] }));
    },
    async removeDeletion(id: string): Promise<TUser> {
      const row = await mustFind(id);
      if (!row.deletion.some((d) => d.environmentId === environmentId)) return presentUser(row);
      return presentUser(await this.update(id, { deletion: row.deletion.filter((d) => d.environmentId !== environmentId) }));
    },
    async updateCookies(id: string, learningPortalId: string, cookies: Record<string, "granted" | "denied">): Promise<TUser> {
      if (learningPortalId !== portalId) throw new AppError("VALIDATION", `Unknown learning portal ${learningPortalId}`);
      const row = await mustFind(id);
      const portals = [...row.gdprPortals.filter((p) => p.learningPortalId !== portalId), { learningPortalId, cookies }];
      return presentUser(await this.update(id, { gdprPortals: portals }));
    },
    async setUtm(id: string, utm: Array<Record<string, string>>): Promise<TUser> {
      await mustFind(id);
      return presentUser(await this.update(id, { utm: utm.map((u) => ({ ...u, environmentId })) }));
    },
    /**
     * Seed 001 §2: utm (utm-meta), mentor_id and team_id kept on arrival are copied onto the user
     * when they sign in. A campaign is recorded once; the first mentor and team stay.
     */
    async recordArrival(id: string, arrival: Arrival): Promise<void> {
      if (isEmptyArrival(arrival)) return;
      const row = await repo.findById(id);
      if (!row) return;
      const patch: Partial<Pick<UserRow, "utm" | "mentorId" | "teamId">> = {};
      if (arrival.utm) {
        const record: Record<string, string> = { ...arrival.utm, environmentId };
        if (!row.utm.some((u) => sameUtm(u, record))) patch.utm = [...row.utm, record].slice(-20);
      }
      if (arrival.mentorId && !row.mentorId) patch.mentorId = arrival.mentorId;
      if (arrival.teamId && !row.teamId) patch.teamId = arrival.teamId;
      if (Object.keys(patch).length) await this.update(id, patch);
    },
    /** Register disciple on {portalId}/disciples/{userId} and note the portal among the user's environments. */
    async registerDisciple(id: string, utm: Array<Record<string, string>> = []): Promise<void> {
      const row = await mustFind(id);
      await repo.addDisciple(portalId, id, utm);
      if (!row.learningEnvironments.includes(portalId)) {
        await this.update(id, { learningEnvironments: [...row.learningEnvironments, portalId] });
      }
    },
    async ensureProgress(id: string) {
      const record = await repo.ensureProgressRecord(progressRecordId(portalId, id), portalId, id);
      return { id: record.id, portalId: record.portalId, userId: record.userId };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
/** An account as stored, for modules that work with accounts (auth): import it from here, not from repo.ts. */
export type UserRecord = UserRow;
/** What the back office searches by. */
export type PeopleSearch = PeopleFilter;
/** Who made a back-office change and what it was (the portal is the service's). */
export type BackOfficeAudit = Omit<PersonAudit, "portalId">;
/** The columns of a new account. */
export type NewUserRecord = Omit<UserInsert, "id">;
