import type { TChatMode } from "../../../../domain/chat";
import { type TAddMentorRequest, type TMentorPatch, ZAdminMentors } from "../../../../domain/mentor-admin";
import { api } from "../../../lib/api";

/** The back office's mentor calls (docs/decisions/0059); each answers the whole list again. */
export const addMentor = (body: TAddMentorRequest) => api.post("/api/admin/mentors", ZAdminMentors, body);
export const patchMentor = (id: string, patch: TMentorPatch) => api.send("PATCH", `/api/admin/mentors/${encodeURIComponent(id)}`, ZAdminMentors, patch);
export const removeMentor = (id: string) => api.send("DELETE", `/api/admin/mentors/${encodeURIComponent(id)}`, ZAdminMentors);
export const setChatMode = (mode: TChatMode) => api.send("PUT", "/api/admin/mentors/mode", ZAdminMentors, { mode });
