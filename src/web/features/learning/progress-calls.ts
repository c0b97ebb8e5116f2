import { ZOpenedElementReply } from "../../../domain/api-replies";
import { ZElementProgress, ZFinishReply, ZUpgradeReply } from "../../../domain/progress";
import { api } from "../../lib/api";

/*
 * The progress API calls of the course and element pages. They are imported when first called, so
 * their schemas, the API client and zod stay out of the pages' first load
 * (docs/decisions/0020-lean-client.md): `const { startElement } = await import("./progress-calls")`.
 */

export const startElement = (elementId: string) => api.post(`/api/progress/elements/${encodeURIComponent(elementId)}/start`, ZElementProgress);

export const finishElement = (elementId: string) => api.post(`/api/progress/elements/${encodeURIComponent(elementId)}/finish`, ZFinishReply);

export const upgradeProgress = () => api.post("/api/progress/upgrade", ZUpgradeReply, { force: true });

export const openedElement = (courseId: string) => api.get(`/api/progress/courses/${encodeURIComponent(courseId)}/opened-element`, ZOpenedElementReply);
