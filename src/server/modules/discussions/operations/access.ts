import { AppError, isAppError } from "../../../../domain/errors";
import { contentRefusalError, viewerOf } from "../../../../domain/learning-access";
import type { TUser } from "../../../../domain/user";
import type { CourseElement, CourseRecord } from "../../courses/service";
import { mayDiscuss, mayModerate } from "../policy";
import type { DiscussionsContext } from "./context";

export interface OpenDiscussion {
  discussionId: string;
  element: CourseElement;
  course: CourseRecord;
  /** The viewer moderates (sees hidden posts, answers, pins, hides). */
  moderator: boolean;
}

const notFound = (id: string) => new AppError("DISCUSSION_NOT_FOUND", `No discussion ${id}`);

/** Guests and anonymous sessions see the sign-in door (403 REGISTRATION-REQUIRED), as in the chat. */
export function assertMayDiscuss(user: TUser): void {
  if (!mayDiscuss(user)) throw new AppError("REGISTRATION_REQUIRED", "Sign up to take part in discussions");
}

/**
 * The discussion `discussionId` of this portal as `user` may use it. A learner must be allowed to
 * open its element by THE content rule (courses' contentAccess: the same REGISTRATION-REQUIRED,
 * COURSE-NOT-BOUGHT and ELEMENT-LOCKED as the element page); moderators reach every discussion of
 * the portal. Unknown, another portal's and draft content are one 404. A switched-off discussion is
 * 403 DISCUSSION-CLOSED, except that moderators still read and moderate it (`write: false`).
 */
export async function openDiscussion(ctx: DiscussionsContext, user: TUser, discussionId: string, opts: { write: boolean }): Promise<OpenDiscussion> {
  assertMayDiscuss(user);
  const elementId = await ctx.repo.elementOfDiscussion(ctx.portalId, discussionId);
  if (!elementId) throw notFound(discussionId);
  const moderator = mayModerate(user);
  const s = await ctx.courses.elementStructure(elementId, { unpublished: moderator }).catch((e: unknown) => {
    if (isAppError(e, "ELEMENT_NOT_RECEIVED")) throw notFound(discussionId);
    throw e;
  });
  if (!moderator) {
    const verdict = await ctx.courses.contentAccess(viewerOf(user), "element", elementId);
    if (verdict) throw contentRefusalError(verdict.refusal, verdict.target, { code: "DISCUSSION_NOT_FOUND", message: `No discussion ${discussionId}` });
  }
  if (!s.element.discussionActive && (opts.write || !moderator)) throw new AppError("DISCUSSION_CLOSED", `Discussion ${discussionId} is switched off`);
  return { discussionId, element: s.element, course: s.course, moderator };
}

/** The realtime check of `discussion:{id}`: the rule of the thread's reads, as a yes or no. */
export async function mayWatchDiscussion(ctx: DiscussionsContext, user: TUser, discussionId: string): Promise<boolean> {
  try {
    await openDiscussion(ctx, user, discussionId, { write: false });
    return true;
  } catch (e) {
    if (isAppError(e)) return false;
    throw e;
  }
}

/** The mentors' side: mentors, leaders and admins (403 MENTORS-ONLY). */
export function assertModerator(user: TUser): void {
  assertMayDiscuss(user);
  if (!mayModerate(user)) throw new AppError("MENTORS_ONLY", "Only mentors moderate discussions");
}
