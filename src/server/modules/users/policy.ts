import type { TUser } from "../../../domain/user";

/** Users read themselves; portal admins read anyone. Everyone else is refused (no IDOR). */
export function canReadUser(actor: Pick<TUser, "id" | "roles">, targetId: string): boolean {
  return actor.id === targetId || actor.roles.includes("admin");
}
