import { ZCredentialVerdict } from "../../../domain/certificate";
import { api } from "../../lib/api";

/** The certificates API as the verification page calls it after rendering (docs/decisions/0037). */
export const checkCredential = (credential: string) => api.post("/api/certificates/credential-checks", ZCredentialVerdict, { credential });
