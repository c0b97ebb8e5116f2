import type { z } from "zod";
import type { ZCreateDiscussionPostRequest, ZDiscussionRepliesQuery, ZDiscussionThreadQuery } from "../../../domain/discussion";
import type { TUser } from "../../../domain/user";
import { base32Id } from "../../platform/ids";
import { mayWatchDiscussion } from "./operations/access";
import type { TDigestPeriod } from "../../../domain/discussion-digest";
import { runDigestJob, type DigestContext } from "./operations/digest";
import { getDigestSetting, setDigestSetting, setFollowing } from "./operations/follow";
import { hidePost, listReports, pinPost, resolveReport, restorePost, switchDiscussion, waitingPosts } from "./operations/moderate";
import { getOlderReplies, getPost, getThread, listDiscussions } from "./operations/read";
import { createPost, deletePost, editPost, reportPost } from "./operations/write";

export type DiscussionsDeps = Omit<DigestContext, "now" | "newReportId"> & { now?: () => Date };

/**
 * Discussions per course element (issue 14, docs/decisions/0043, docs/api/discussions.md): the
 * popup's list, threads with one level of replies, posting with client-made ids, the author's edits
 * and deletions, reports; the mentors' queue and moderation; the admin switch. The API routes and
 * the realtime topic check call these. Following a thread and the digest letters of its news.
 */
export function createDiscussionsService(deps: DiscussionsDeps) {
  const ctx: DigestContext = { ...deps, now: deps.now ?? (() => new Date()), newReportId: () => base32Id("drep_") };
  return {
    list: (user: TUser, courseId: string, lang?: string) => listDiscussions(ctx, user, courseId, lang),
    thread: (user: TUser, discussionId: string, q: z.output<typeof ZDiscussionThreadQuery> & { lang?: string }) => getThread(ctx, user, discussionId, q),
    post: (user: TUser, discussionId: string, postId: string, lang?: string) => getPost(ctx, user, discussionId, postId, lang),
    olderReplies: (user: TUser, discussionId: string, postId: string, q: z.output<typeof ZDiscussionRepliesQuery> & { lang?: string }) =>
      getOlderReplies(ctx, user, discussionId, postId, q),
    create: (user: TUser, discussionId: string, req: z.output<typeof ZCreateDiscussionPostRequest>, lang?: string) =>
      createPost(ctx, user, discussionId, req, lang),
    edit: (user: TUser, discussionId: string, postId: string, text: string, lang?: string) => editPost(ctx, user, discussionId, postId, text, lang),
    remove: (user: TUser, discussionId: string, postId: string) => deletePost(ctx, user, discussionId, postId),
    report: (user: TUser, discussionId: string, postId: string, reason: string) => reportPost(ctx, user, discussionId, postId, reason),
    waiting: (user: TUser, q: { after?: string; limit: number; lang?: string }) => waitingPosts(ctx, user, q),
    pin: (user: TUser, postId: string, pinned: boolean, lang?: string) => pinPost(ctx, user, postId, pinned, lang),
    hide: (user: TUser, postId: string, reason: string, lang?: string) => hidePost(ctx, user, postId, reason, lang),
    restore: (user: TUser, postId: string, lang?: string) => restorePost(ctx, user, postId, lang),
    reports: (user: TUser, q: { status: "open" | "resolved" | "all"; after?: string; limit: number; lang?: string }) => listReports(ctx, user, q),
    resolveReport: (user: TUser, reportId: string, lang?: string) => resolveReport(ctx, user, reportId, lang),
    switchDiscussion: (user: TUser, elementId: string, active: boolean) => switchDiscussion(ctx, user, elementId, active),
    /** Following and the discussion e-mails (docs/decisions/0044). */
    follow: (user: TUser, discussionId: string, following: boolean, lang?: string) => setFollowing(ctx, user, discussionId, following, lang),
    digestSetting: (user: TUser) => getDigestSetting(ctx, user),
    setDigestSetting: (user: TUser, period: TDigestPeriod, lang?: string) => setDigestSetting(ctx, user, period, lang),
    runDigest: (now?: Date) => runDigestJob(ctx, now),
    /** Realtime `discussion:{id}`: whoever may read the thread. */
    mayWatch: (user: TUser, discussionId: string) => mayWatchDiscussion(ctx, user, discussionId),
  };
}
export type DiscussionsService = ReturnType<typeof createDiscussionsService>;
