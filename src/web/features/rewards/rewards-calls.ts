import { ZMyRewards, ZReceivedGift } from "../../../domain/rewards";
import { api } from "../../lib/api";

/*
 * The rewards API calls, imported when first called so that their schemas and the API client stay out
 * of the pages' first load (docs/decisions/0020-lean-client.md).
 */

export const myRewards = (lang: string) => api.get(`/api/rewards/mine?lang=${encodeURIComponent(lang)}`, ZMyRewards);

export const requestGift = (courseId: string, lang: string) =>
  api.post(`/api/courses/${encodeURIComponent(courseId)}/gift?lang=${encodeURIComponent(lang)}`, ZReceivedGift);
