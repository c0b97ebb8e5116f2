import type { TUser } from "../../../domain/user";

/*
 * Who sees the mentors' inbox (docs/api/chat.md "Mentors"). Zod-free, unlike src/domain/chat.ts: the
 * account menu on every page asks it (docs/decisions/0020-lean-client.md); mentor-roles.test.ts keeps
 * these lists equal to the contract's MENTOR_ROLES.
 */

type Role = TUser["roles"][number];

/** Seed 000 §6: the mentor profile roles. */
export const INBOX_MENTOR_ROLES: readonly Role[] = ["mentor", "mp-leader", "mp-admin"];
/** Read every chat of the portal, reassign, set the chat settings; a portal admin is one too. */
export const LEADER_ROLES: readonly Role[] = ["mp-leader", "mp-admin", "admin"];

export function isMentorViewer(roles: readonly string[]): boolean {
  return roles.some((r) => INBOX_MENTOR_ROLES.includes(r as Role) || LEADER_ROLES.includes(r as Role));
}

export function isLeaderViewer(roles: readonly string[]): boolean {
  return roles.some((r) => LEADER_ROLES.includes(r as Role));
}

/** Who is reading the inbox, as its loader hands it to the page. */
export interface InboxViewer {
  id: string;
  leader: boolean;
  portalId: string;
}
