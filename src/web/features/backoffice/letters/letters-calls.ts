import { ZLetterRetried } from "../../../../domain/letter-admin";
import { api } from "../../../lib/api";

/** The back office's letter call (the list is drawn by its loader): one more try for a failed letter. */
export const retryLetter = (id: string) => api.post(`/api/admin/letters/${encodeURIComponent(id)}/retry`, ZLetterRetried);
