import { ZCertificate, ZCredentialVerdict } from "../../../domain/certificate";
import { api } from "../../lib/api";

/** The certificates API as pages call it after rendering (docs/decisions/0037): imported on first use. */
export const checkCredential = (credential: string) => api.post("/api/certificates/credential-checks", ZCredentialVerdict, { credential });

/** Seed 000 §7 certificate request: the learner's certificate of a finished course (issued on the first call). */
export const requestCertificate = (courseId: string, lang: string) => api.post("/api/certificates/requests", ZCertificate, { courseId, lang });
