import type { z } from "zod";
import { ZDiscussionQueue, type ZDiscussionQueueItem, ZDiscussionReply, ZDiscussionReport, ZDiscussionReports } from "../../../domain/discussion";
import { api } from "../../lib/api";
import type { ReportStatus } from "./discussion-rules";

/*
 * The mentors' discussion API as their screens call it (docs/api/discussions.md "Mentors"). Imported by
 * the mentor pages only, so zod and these schemas never ride with other pages (decision 0020).
 */

export const discussionKeys = {
  /** Under the inbox's prefix: the inbox's realtime refresh re-reads the waiting count too. */
  all: ["mentor", "discussions"] as const,
  waiting: (lang: string) => ["mentor", "discussions", "waiting", lang] as const,
  waitingCount: (lang: string) => ["mentor", "discussions", "waiting-count", lang] as const,
  reports: (status: ReportStatus, lang: string) => ["mentor", "discussions", "reports", status, lang] as const,
};

export type TQueueItem = z.infer<typeof ZDiscussionQueueItem>;
export type TReportItem = z.infer<typeof ZDiscussionReport>;

const query = (entries: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(entries).filter((e): e is [string, string] => e[1] !== undefined)).toString();

export const getWaiting = (lang: string, after: string | undefined, limit: number | undefined, signal?: AbortSignal) =>
  api.get(`/api/mentor/discussions/waiting?${query({ lang, after, limit: limit?.toString() })}`, ZDiscussionQueue, signal);

export const getReports = (status: ReportStatus, lang: string, after: string | undefined, signal?: AbortSignal) =>
  api.get(`/api/mentor/discussion-reports?${query({ status, lang, after })}`, ZDiscussionReports, signal);

const postUrl = (postId: string, verb: "pin" | "hide" | "restore", lang: string) =>
  `/api/mentor/discussion-posts/${encodeURIComponent(postId)}/${verb}?${query({ lang })}`;

export const pinPost = (postId: string, pinned: boolean, lang: string) => api.post(postUrl(postId, "pin", lang), ZDiscussionReply, { pinned });
export const hidePost = (postId: string, reason: string, lang: string) => api.post(postUrl(postId, "hide", lang), ZDiscussionReply, { reason });
export const restorePost = (postId: string, lang: string) => api.post(postUrl(postId, "restore", lang), ZDiscussionReply);

export const resolveReport = (reportId: string, lang: string) =>
  api.post(`/api/mentor/discussion-reports/${encodeURIComponent(reportId)}/resolve?${query({ lang })}`, ZDiscussionReport);
