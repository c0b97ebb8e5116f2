import { ZReviewReply } from "../../../domain/assessment/public";
import { api } from "../../lib/api";

/** The review call of the mentors' review page, imported when first used (docs/decisions/0020-lean-client.md). */
export const reviewAnswer = (attemptId: string, questionId: string, body: { passed: boolean; comment: string }) =>
  api.post(`/api/assessments/reviews/${encodeURIComponent(attemptId)}/${encodeURIComponent(questionId)}`, ZReviewReply, body);
