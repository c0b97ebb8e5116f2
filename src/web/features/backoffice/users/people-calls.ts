import { z } from "zod";
import { type TManagedRole, ZPersonDetail } from "../../../../domain/people";
import { api } from "../../../lib/api";

/* The people API (issue 16) as the back office's screens call it; imported by those screens only. */

const personPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

export const setRoles = (id: string, roles: TManagedRole[]) => api.send("PUT", `${personPath(id)}/roles`, ZPersonDetail, { roles });
export const blockPerson = (id: string) => api.post(`${personPath(id)}/block`, ZPersonDetail);
export const unblockPerson = (id: string) => api.post(`${personPath(id)}/unblock`, ZPersonDetail);
export const sendPasswordReset = (id: string) => api.post(`${personPath(id)}/password-reset`, z.object({ state: z.literal("ok") }));
export const deletePerson = (id: string) => api.send("DELETE", personPath(id), z.null());
/** The export is a file: the browser downloads it from this address (same-origin, the session's cookie). */
export const exportHref = (id: string) => `${personPath(id)}/export`;
