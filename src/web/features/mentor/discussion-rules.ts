import { DISCUSSION_TOPIC, type TDiscussionInfo } from "../../../domain/discussion";
import { joinInboxPages } from "./inbox-filters";

/*
 * The mentors' discussion screens' small rules (docs/api/discussions.md "Mentors"): which tab and
 * report filter the address asks for, the waiting count of the inbox's link, the queue's pages joined.
 */

export const DISCUSSION_TABS = ["waiting", "reports"] as const;
export type DiscussionTab = (typeof DISCUSSION_TABS)[number];

export const REPORT_STATUSES = ["open", "resolved", "all"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** `?tab=`: anything unknown is the queue. */
export function parseDiscussionTab(value: string | null): DiscussionTab {
  return DISCUSSION_TABS.find((t) => t === value) ?? "waiting";
}

/** `?status=` of the reports tab: anything unknown is the open reports. */
export function parseReportStatus(value: string | null): ReportStatus {
  return REPORT_STATUSES.find((s) => s === value) ?? "open";
}

/** The address of a tab (and of a report filter), the one place that knows the query's names. */
export function discussionsHref(lang: string, tab: DiscussionTab, status: ReportStatus = "open"): string {
  const base = `/${lang}/mentor/discussions/`;
  if (tab === "waiting") return base;
  return status === "open" ? `${base}?tab=reports` : `${base}?tab=reports&status=${status}`;
}

/**
 * The inbox link's badge: the length of the queue's first page, "20+" when the server has more; none
 * when nothing waits. One short page is read for it, never the whole queue.
 */
export function waitingCountText(count: number, more: boolean): string | null {
  if (count <= 0) return null;
  return more ? `${count}+` : String(count);
}

/** The queue's pages joined in order, each post once (a post can shift between two page reads). */
export function joinQueuePages<T extends { post: { id: string } }>(pages: ReadonlyArray<{ items: readonly T[] }>): T[] {
  return joinInboxPages(pages.map((p) => ({ items: p.items.map((item) => ({ id: item.post.id, item })) }))).map((x) => x.item);
}

/**
 * The discussion topics the queue listens to, besides the inbox's (learners' replies and moderation
 * are published only there): distinct, and few, since one socket holds a bounded number of topics and
 * a refused one falls back to polling anyway.
 */
export function queueTopics(discussionIds: readonly string[], max: number): string[] {
  return [...new Set(discussionIds)].slice(0, max).map(DISCUSSION_TOPIC);
}

/** The element page opening this discussion (`?discussion=`, the learners' popup). */
export function discussionHref(d: Pick<TDiscussionInfo, "id" | "path">): string {
  return `${d.path}?discussion=${encodeURIComponent(d.id)}`;
}
