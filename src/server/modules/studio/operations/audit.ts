import type { TAuditPage, TAuditQuery } from "../../../../domain/studio";
import type { TUser } from "../../../../domain/user";
import { assertContentAuthor } from "../policy";
import type { StudioContext } from "./context";

/** The audit log, newest first; `nextBefore` pages on (null on the last page). */
export async function listAudit(ctx: StudioContext, actor: TUser, q: TAuditQuery): Promise<TAuditPage> {
  assertContentAuthor(actor);
  const rows = await ctx.repo.audit(ctx.portalId, q);
  return {
    entries: rows.map(({ id, actorId, action, entityType, entityId, summary, createdAt }) => ({
      id,
      actorId,
      action,
      entityType,
      entityId,
      summary,
      createdAt: createdAt.toISOString(),
    })),
    nextBefore: rows.length === q.limit ? rows[rows.length - 1]!.id : null,
  };
}
