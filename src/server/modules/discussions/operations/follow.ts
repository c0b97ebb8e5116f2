import { DEFAULT_DIGEST_PERIOD, type TDigestPeriod } from "../../../../domain/discussion-digest";
import type { TDigestSetting, TFollowReply } from "../../../../domain/discussion-follow";
import type { TUser } from "../../../../domain/user";
import type { DiscussionsTx } from "../repo";
import { assertMayDiscuss, openDiscussion } from "./access";
import type { DiscussionsContext } from "./context";
import { readerLang } from "./present";

/**
 * Follow or unfollow a thread (docs/decisions/0044): whoever may read the thread (THE access rule of
 * access.ts, so the same 403s and 404s). Idempotent; the choice is kept either way, so posting later
 * does not follow a thread the person left.
 */
export async function setFollowing(ctx: DiscussionsContext, user: TUser, discussionId: string, following: boolean, langHint?: string): Promise<TFollowReply> {
  await openDiscussion(ctx, user, discussionId, { write: false });
  const { lang } = await readerLang(ctx, langHint);
  const at = ctx.now();
  await ctx.repo.transaction(async (w) => {
    await w.setFollow({ userId: user.id, discussionId, portalId: ctx.portalId, following, at });
    if (following) await w.touchDigest(user.id, lang, at);
  });
  return { discussionId, following };
}

/** Inside a post's transaction: the author follows the thread unless they chose before (followed or left it). */
export async function followOnPost(ctx: DiscussionsContext, w: DiscussionsTx, userId: string, discussionId: string, lang: string, at: Date): Promise<void> {
  if (await w.followOnPost({ userId, discussionId, portalId: ctx.portalId, at })) await w.touchDigest(userId, lang, at);
}

/** Whether the viewer follows the thread. */
export async function isFollowing(ctx: DiscussionsContext, user: TUser, discussionId: string): Promise<boolean> {
  return (await ctx.repo.followed(user.id, [discussionId])).has(discussionId);
}

/** The profile's "Discussion e-mails": the person's choice (daily until they make one). */
export async function getDigestSetting(ctx: DiscussionsContext, user: TUser): Promise<TDigestSetting> {
  assertMayDiscuss(user);
  return { period: (await ctx.repo.digest(user.id))?.period ?? DEFAULT_DIGEST_PERIOD };
}

/** Changes the choice; the letters come in the language the profile was read in (when the portal has it). */
export async function setDigestSetting(ctx: DiscussionsContext, user: TUser, period: TDigestPeriod, langHint?: string): Promise<TDigestSetting> {
  assertMayDiscuss(user);
  const { lang } = await readerLang(ctx, langHint);
  const row = await ctx.repo.transaction((w) => w.setDigest(user.id, period, lang, ctx.now()));
  return { period: row.period };
}
