import { z } from "zod";
import { DIGEST_PERIODS } from "./discussion-digest";

/**
 * Following a discussion and the discussion e-mails (issue 14 "beyond peers", docs/decisions/0044):
 * the contract the server, the follow button and the profile's setting share.
 */

export const ZDigestPeriod = z.enum(DIGEST_PERIODS);

export const ZFollowRequest = z.strictObject({ following: z.boolean() });
export const ZFollowReply = z.object({ discussionId: z.string(), following: z.boolean() });
export type TFollowReply = z.infer<typeof ZFollowReply>;

export const ZDigestSetting = z.object({ period: ZDigestPeriod });
export type TDigestSetting = z.infer<typeof ZDigestSetting>;
export const ZDigestSettingRequest = z.strictObject({ period: ZDigestPeriod });
