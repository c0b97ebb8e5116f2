import { type TInteractionResultInput, ZInteractionResultReply, ZQuizAggregate, ZQuizResultReply } from "../../../domain/results";
import { api } from "../../lib/api";

/** The results API (issue 13, seed 000 §7); imported when first used, with its schemas. */

export const sendQuizResult = (body: Record<string, unknown>) => api.post("/api/quiz-results", ZQuizResultReply, body);

export const fetchQuizAggregate = (dialogId: string, msgId: string, signal?: AbortSignal) =>
  api.get(`/api/quiz-results/aggregate?dialogId=${encodeURIComponent(dialogId)}&msgId=${encodeURIComponent(msgId)}`, ZQuizAggregate, signal);

export const sendInteractionResult = (body: TInteractionResultInput) => api.post("/api/interaction-results", ZInteractionResultReply, body);
