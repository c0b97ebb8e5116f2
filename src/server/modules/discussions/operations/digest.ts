import { elementPath } from "../../../../domain/element-path";
import { isAppError } from "../../../../domain/errors";
import { localized } from "../../../../domain/localized";
import type { TUser } from "../../../../domain/user";
import type { UsersService } from "../../users/service";
import type { DigestGroup, DigestLetter, DiscussionLetters } from "../digest-letters";
import type { DigestNews } from "../follow-repo";
import { openDiscussion, type OpenDiscussion } from "./access";
import type { DiscussionsContext } from "./context";
import { authorName, readerLang } from "./present";

/** What the digest job needs beyond the discussions' own context. */
export interface DigestContext extends DiscussionsContext {
  users: Pick<UsersService, "get">;
  letters: DiscussionLetters;
  /** Letters have no request: PUBLIC_URL, else the first allowed host. */
  origin: () => string;
  log: { error: (obj: object, msg: string) => void };
}

export interface DigestOutcome {
  /** Another instance held the lock: this round did nothing. */
  skipped: boolean;
  letters: number;
}

/**
 * A post committed this long after it was stamped would fall behind a round's window: each round
 * covers posts up to this long before `now`, so a transaction still open at its start is not missed.
 */
const SETTLE_MS = 30_000;
/** Rows one round reads; the person cut short by it gets the rest next round. */
const ROUND_MAX = 5_000;
/** Posts listed in one letter; the rest are counted. */
const LETTER_MAX = 50;
const EXCERPT_MAX = 200;

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1)}…` : flat;
};

/**
 * The discussion e-mails (docs/decisions/0044), safe with several instances: a transaction-scoped
 * advisory lock lets one instance take a round; in it, each follower whose period has passed since
 * their last letter has the new posts of their threads read and their window moved on, in the same
 * transaction. After the commit, posts they may no longer read (THE access rule: a locked element, a
 * switched-off discussion) are dropped and each one left with news gets ONE letter. A letter is sent
 * at most once: it is queued, and the queue retries a failed send (docs/decisions/0070).
 */
export async function runDigestJob(ctx: DigestContext, now: Date = ctx.now()): Promise<DigestOutcome> {
  const upTo = new Date(now.getTime() - SETTLE_MS);
  const round = await ctx.repo.transaction(async (w) => {
    if (!(await w.tryDigestLock())) return null;
    const rows = await w.news(ctx.portalId, now, upTo, ROUND_MAX);
    const people = [...new Set(rows.map((r) => r.userId))];
    // Rows come by person: at the cap only the last person's may be cut short; their window ends at their last row.
    const cut = rows.length === ROUND_MAX ? people.pop() : undefined;
    await w.markCovered(people, upTo);
    if (cut) await w.markCovered([cut], rows.at(-1)!.createdAt);
    return rows;
  });
  if (!round) return { skipped: true, letters: 0 };

  const byUser = new Map<string, DigestNews[]>();
  for (const r of round) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  let letters = 0;
  for (const [userId, news] of byUser) {
    try {
      const letter = await letterFor(ctx, userId, news);
      if (!letter) continue;
      await ctx.letters.digest(letter);
      letters++;
    } catch (err) {
      ctx.log.error({ err, userId }, "discussion digest: a letter failed");
    }
  }
  return { skipped: false, letters };
}

/** One person's letter: the news they may still read, grouped by element; null when nothing is left. */
async function letterFor(ctx: DigestContext, userId: string, news: DigestNews[]): Promise<DigestLetter | null> {
  const email = news[0]!.email;
  if (!email) return null;
  const user = await ctx.users.get(userId).catch((e: unknown) => {
    if (isAppError(e)) return null;
    throw e;
  });
  if (!user) return null;
  const settings = await ctx.repo.digest(userId);
  if (!settings || settings.period === "off") return null;
  const l = await readerLang(ctx, news[0]!.lang ?? undefined);

  const open = new Map<string, OpenDiscussion | null>();
  const readable: Array<DigestNews & { d: OpenDiscussion }> = [];
  for (const n of news) {
    if (!open.has(n.discussionId)) open.set(n.discussionId, await stillOpen(ctx, user, n.discussionId));
    const d = open.get(n.discussionId);
    // The thread must still be about the element the post was written on.
    if (d && d.element.id === n.elementId) readable.push({ ...n, d });
  }
  if (readable.length === 0) return null;

  const listed = readable.slice(0, LETTER_MAX);
  const people = new Map((await ctx.repo.authors(ctx.portalId, [...new Set([userId, ...listed.map((n) => n.authorId)])])).map((a) => [a.id, a]));
  const groups = new Map<string, DigestGroup>();
  for (const n of listed) {
    const { element, course } = n.d;
    const group = groups.get(n.discussionId) ?? {
      heading: `${localized(course.title, l.lang, l.primary)} · ${localized(element.title, l.lang, l.primary)}`,
      link: `${ctx.origin()}${elementPath(l.lang, course.id, element.type, element.id)}?discussion=${encodeURIComponent(n.discussionId)}`,
      posts: [],
    };
    group.posts.push({ author: authorName(people.get(n.authorId), l) || "—", excerpt: excerpt(n.text), reply: n.parentId !== null });
    groups.set(n.discussionId, group);
  }
  return {
    to: email,
    lang: l.lang,
    name: authorName(people.get(userId), l) || email,
    period: settings.period,
    count: readable.length,
    groups: [...groups.values()],
    more: readable.length - listed.length,
    profile: `${ctx.origin()}/${l.lang}/profile`,
  };
}

/** The thread as `user` may read it now, and still switched on; null otherwise. */
async function stillOpen(ctx: DigestContext, user: TUser, discussionId: string): Promise<OpenDiscussion | null> {
  try {
    const d = await openDiscussion(ctx, user, discussionId, { write: false });
    return d.element.discussionActive ? d : null;
  } catch (e) {
    if (isAppError(e)) return null;
    throw e;
  }
}
