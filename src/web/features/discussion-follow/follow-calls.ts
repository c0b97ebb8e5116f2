import type { TDigestPeriod } from "../../../domain/discussion-digest";
import { ZDigestSetting, ZFollowReply } from "../../../domain/discussion-follow";
import { api } from "../../lib/api";

/*
 * Following a thread and the profile's discussion e-mails (docs/api/discussions.md), imported when
 * first called so that zod and these schemas stay out of the pages' first load
 * (docs/decisions/0020-lean-client.md).
 */

const enc = encodeURIComponent;

export const putFollow = (discussionId: string, following: boolean, lang: string) =>
  api.send("PUT", `/api/discussions/${enc(discussionId)}/follow?lang=${enc(lang)}`, ZFollowReply, { following });

export const putDigestSetting = (period: TDigestPeriod, lang: string) =>
  api.send("PUT", `/api/profile/discussion-digest?lang=${enc(lang)}`, ZDigestSetting, { period });
