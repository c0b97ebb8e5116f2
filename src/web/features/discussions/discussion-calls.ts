import { z } from "zod";
import {
  ZCreatedDiscussionPost,
  ZDiscussionList,
  ZDiscussionPost,
  ZDiscussionRepliesPage,
  ZDiscussionReply,
  ZDiscussionThread,
} from "../../../domain/discussion";
import { api } from "../../lib/api";

/*
 * The discussions API as the popup calls it (docs/api/discussions.md). Only the popup imports this,
 * and the popup loads when first opened, so zod and these schemas stay out of the pages' first load
 * (docs/decisions/0020-lean-client.md).
 */

const enc = encodeURIComponent;
const thread = (discussionId: string) => `/api/discussions/${enc(discussionId)}`;

export const discussionKeys = {
  list: (courseId: string, lang: string) => ["discussions", "list", courseId, lang] as const,
};

export const getDiscussions = (courseId: string, lang: string, signal?: AbortSignal) =>
  api.get(`/api/courses/${enc(courseId)}/discussions?${new URLSearchParams({ lang })}`, ZDiscussionList, signal);

export const getThread = (discussionId: string, lang: string, before?: string) =>
  api.get(`${thread(discussionId)}?${new URLSearchParams(before ? { lang, before } : { lang })}`, ZDiscussionThread);

export const getEntry = (discussionId: string, postId: string, lang: string) =>
  api.get(`${thread(discussionId)}/posts/${enc(postId)}?${new URLSearchParams({ lang })}`, ZDiscussionPost);

export const getOlderReplies = (discussionId: string, postId: string, before: string, lang: string) =>
  api.get(`${thread(discussionId)}/posts/${enc(postId)}/replies?${new URLSearchParams({ lang, before })}`, ZDiscussionRepliesPage);

/** Idempotent by design: the same client-made id and text again answers the stored post. */
export const createPost = (discussionId: string, lang: string, body: { id: string; text: string; parentId?: string }) =>
  api.post(`${thread(discussionId)}/posts?${new URLSearchParams({ lang })}`, ZCreatedDiscussionPost, body, { idempotent: true });

export const editPost = (discussionId: string, postId: string, lang: string, text: string) =>
  api.send("PATCH", `${thread(discussionId)}/posts/${enc(postId)}?${new URLSearchParams({ lang })}`, ZDiscussionReply, { text });

export const deletePost = (discussionId: string, postId: string) =>
  api.send("DELETE", `${thread(discussionId)}/posts/${enc(postId)}`, z.object({ id: z.string(), deleted: z.literal(true) }));

export const reportPost = (discussionId: string, postId: string, reason: string) =>
  api.post(`${thread(discussionId)}/posts/${enc(postId)}/report`, z.object({ postId: z.string(), reported: z.literal(true) }), { reason });
