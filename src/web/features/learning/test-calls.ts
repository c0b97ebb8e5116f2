import { ZAnswerReply, ZSubmitReply, ZTestState } from "../../../domain/assessment/public";
import { api } from "../../lib/api";

/*
 * The assessments API calls of a test element. Imported when first called, so their schemas stay
 * out of the page's first load (docs/decisions/0020-lean-client.md).
 */
const enc = encodeURIComponent;

export const startTest = (elementId: string, lang: string) => api.post(`/api/assessments/elements/${enc(elementId)}/attempts?lang=${enc(lang)}`, ZTestState);

export const retakeTest = (elementId: string, lang: string) => api.post(`/api/assessments/elements/${enc(elementId)}/retake?lang=${enc(lang)}`, ZTestState);

export const answerQuestion = (attemptId: string, lang: string, body: { questionId: string; variants?: string[]; text?: string }) =>
  api.post(`/api/assessments/attempts/${enc(attemptId)}/answers?lang=${enc(lang)}`, ZAnswerReply, body);

export const submitTest = (attemptId: string, lang: string) => api.post(`/api/assessments/attempts/${enc(attemptId)}/submit?lang=${enc(lang)}`, ZSubmitReply);
