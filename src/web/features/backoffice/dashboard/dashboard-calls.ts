import { ZDashboardChat } from "../../../../domain/dashboard";
import { api } from "../../../lib/api";

/* The dashboard's actions as its screen calls them; imported by the dashboard route only. */

const learnerPath = (userId: string) => `/api/admin/dashboard/learners/${encodeURIComponent(userId)}`;

/** "Write to them": the learner's chat (made when missing) and where the inbox shows it. */
export const openLearnerChat = (userId: string, lang: string) => api.post(`${learnerPath(userId)}/chat?lang=${lang}`, ZDashboardChat, {});

/** "Hand them to a mentor": the learner's chat goes to that mentor profile. */
export const handToMentor = (userId: string, mentorProfileId: string, lang: string) =>
  api.post(`${learnerPath(userId)}/mentor?lang=${lang}`, ZDashboardChat, { mentorProfileId });
