import { CERTIFICATE_ADMIN_ROLES } from "../../../domain/certificate";
import { AppError } from "../../../domain/errors";
import type { TViewer } from "../../../domain/learning-access";

/** Access rules of certificates (docs/decisions/0037), one function per rule, used by every path. */

type Signed = Exclude<TViewer, { kind: "guest" }>;

/** Admins of the portal and of the mentors (admin, mp-admin) see every certificate and revoke them. */
export function isCertificateAdmin(viewer: TViewer): boolean {
  return viewer.kind !== "guest" && viewer.roles.some((r) => (CERTIFICATE_ADMIN_ROLES as readonly string[]).includes(r));
}

/** Downloads and the list of one's own need an account (an anonymous session has none to show). */
export function assertSignedIn(viewer: TViewer): asserts viewer is Signed {
  if (viewer.kind === "guest") throw new AppError("UNAUTHORIZED", "Sign in to see your certificates");
}

/** Earning one needs a registered account: a guest or an anonymous session has no name to print. */
export function assertMayEarn(viewer: TViewer): asserts viewer is Signed & { kind: "user" } {
  if (viewer.kind !== "user") throw new AppError("UNAUTHORIZED", "Sign in to get your certificate");
}

/**
 * Its files (PDF, preview, credential) are for its owner and certificate admins; anyone else is
 * refused. The number itself is public (the verification page), so refusing tells nothing new.
 */
export function mayDownload(viewer: TViewer, certificate: { userId: string }): boolean {
  return viewer.kind !== "guest" && (viewer.id === certificate.userId || isCertificateAdmin(viewer));
}
export function assertMayDownload(viewer: TViewer, certificate: { userId: string }): void {
  if (viewer.kind === "guest") throw new AppError("UNAUTHORIZED", "Sign in to download your certificate");
  if (!mayDownload(viewer, certificate)) throw new AppError("AUTH_DENY", "This certificate is not yours");
}

/** Revoking: certificate admins only. */
export function assertMayRevoke(viewer: TViewer): asserts viewer is Signed {
  if (viewer.kind === "guest") throw new AppError("UNAUTHORIZED", "Sign in to revoke certificates");
  if (!isCertificateAdmin(viewer)) throw new AppError("AUTH_DENY", "Only admins revoke certificates");
}
