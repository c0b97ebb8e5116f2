import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZCertificate,
  ZCertificateList,
  ZCertificateNumber,
  ZCertificateRequest,
  ZCourseCertificate,
  ZCredentialCheck,
  ZCredentialVerdict,
  ZLangQuery,
  ZPublicCertificate,
  ZRevokeBody,
} from "../../../domain/certificate";
import { ZCourseId, ZLang } from "../../../domain/course";
import { requestViewer } from "../../../domain/learning-access";
import { ZErrorReply } from "../../platform/errors";
import { rateLimit } from "../../platform/rate-limit";
import type { RequestHost } from "../../platform/public-origin";
import type { CertificatesService } from "./service";

/** Files drawn per client address and window: rendering a PDF costs tens of milliseconds of CPU. */
export const CERTIFICATE_FILE_RATE_LIMIT = 60;

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply, 429: ZErrorReply };
/** A file reply (PDF, SVG, JWT): sent as bytes, never serialized. */
const ZFile = z.instanceof(Buffer);
const numbered = z.object({ number: ZCertificateNumber });
const ZLangRequired = z.object({ lang: ZLang });
const ZIssuerProfile = z.object({
  "@context": z.array(z.string()),
  id: z.string(),
  type: z.array(z.string()),
  name: z.string(),
  url: z.string(),
  keys: z.array(
    z.object({ id: z.string(), kty: z.string().optional(), crv: z.string().optional(), x: z.string().optional(), alg: z.string(), use: z.string() }),
  ),
});

/** Certificates (issue 13, docs/decisions/0037): thin routes over the certificates service. */
export const certificatesRoutes =
  (certificates: CertificatesService, deps: { publicOrigin: (req: RequestHost) => string; windowMs: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const viewer = async (req: FastifyRequest) => requestViewer(await req.auth(), { badToken: "refuse" });
    const origin = (req: FastifyRequest) => deps.publicOrigin(req);
    const files = rateLimit(CERTIFICATE_FILE_RATE_LIMIT, deps.windowMs);

    app.post(
      "/certificates/requests",
      {
        schema: {
          tags: ["certificates"],
          operationId: "requestCertificate",
          summary: "Certificate request: your certificate of a finished course, issued on the first call (idempotent)",
          description: "Seed 000 §7 creator API certificate request (object payload): courseId and lang.",
          body: ZCertificateRequest,
          response: { 200: ZCertificate, ...errors },
        },
      },
      async (req) => certificates.request(await viewer(req), req.body, origin(req)),
    );

    app.get(
      "/certificates/courses/:courseId",
      {
        schema: {
          tags: ["certificates"],
          operationId: "getCourseCertificate",
          summary: "Where you stand with a course's certificate: none, available (finished, ask for it) or issued (its page)",
          description:
            "A finished learner without a certificate (the course's certificate switched on later) may then request it. Guests and anonymous sessions: none.",
          params: z.object({ courseId: ZCourseId }),
          querystring: ZLangRequired,
          response: { 200: ZCourseCertificate, ...errors },
        },
      },
      async (req) => certificates.forCourse(await viewer(req), req.params.courseId, req.query.lang),
    );

    app.get(
      "/certificates",
      {
        schema: {
          tags: ["certificates"],
          operationId: "listMyCertificates",
          summary: "Your certificates, newest first, with their download links",
          description: "Lists the signed-in learner's certificates.",
          querystring: ZLangRequired,
          response: { 200: ZCertificateList, ...errors },
        },
      },
      async (req) => ({ certificates: await certificates.mine(await viewer(req), req.query.lang, origin(req)) }),
    );

    app.get(
      "/certificates/issuer",
      {
        schema: {
          tags: ["certificates"],
          operationId: "getCertificateIssuer",
          summary: "The Open Badges issuer profile with the public key that signs the credentials",
          description: "The issuer of every certificate credential and its Ed25519 public key (JWK).",
          querystring: ZLangRequired,
          response: { 200: ZIssuerProfile, ...errors },
        },
      },
      async (req) => certificates.issuer(req.query.lang, origin(req)),
    );

    app.post(
      "/certificates/credential-checks",
      {
        config: files,
        schema: {
          tags: ["certificates"],
          operationId: "checkCertificateCredential",
          summary: "Check an Open Badges credential: is the signature ours, and what is the certificate's state",
          description: "Verifies a certificate credential (a signed JWT) handed in by anyone.",
          body: ZCredentialCheck,
          response: { 200: ZCredentialVerdict, ...errors },
        },
      },
      async (req) => certificates.checkCredential(req.body.credential),
    );

    app.get(
      "/certificates/:number.pdf",
      {
        config: files,
        schema: {
          tags: ["certificates"],
          operationId: "getCertificatePdf",
          summary: "The certificate as a PDF (its owner and admins)",
          description: "Draws the certificate in the language asked for (else the one it was issued in).",
          params: numbered,
          querystring: ZLangQuery,
          response: { 200: ZFile.describe("application/pdf"), ...errors },
        },
      },
      async (req, reply) => {
        const pdf = await certificates.pdf(await viewer(req), req.params.number, req.query.lang, origin(req));
        return reply
          .type("application/pdf")
          .header("content-disposition", `attachment; filename="${req.params.number}.pdf"`)
          .header("cache-control", "private, no-store")
          .send(pdf);
      },
    );

    app.get(
      "/certificates/:number.svg",
      {
        config: files,
        schema: {
          tags: ["certificates"],
          operationId: "getCertificatePreview",
          summary: "A preview image of the certificate (its owner and admins)",
          description: "An SVG thumbnail of the certificate for the profile.",
          params: numbered,
          querystring: ZLangQuery,
          response: { 200: ZFile.describe("image/svg+xml"), ...errors },
        },
      },
      async (req, reply) => {
        const svg = await certificates.preview(await viewer(req), req.params.number, req.query.lang, origin(req));
        return reply
          .type("image/svg+xml; charset=utf-8")
          .header("cache-control", "private, no-store")
          .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
          .send(Buffer.from(svg));
      },
    );

    app.get(
      "/certificates/:number/credential",
      {
        config: files,
        schema: {
          tags: ["certificates"],
          operationId: "getCertificateCredential",
          summary: "The certificate as an Open Badges 3.0 credential: a JWT signed with EdDSA (its owner and admins)",
          description: "An OpenBadgeCredential in the VC-JWT format (typ vc+jwt).",
          params: numbered,
          querystring: ZLangQuery,
          response: { 200: ZFile.describe("application/vc+jwt"), ...errors },
        },
      },
      async (req, reply) => {
        const jwt = await certificates.credential(await viewer(req), req.params.number, req.query.lang, origin(req));
        return reply
          .type("application/vc+jwt")
          .header("content-disposition", `attachment; filename="${req.params.number}.jwt"`)
          .header("cache-control", "private, no-store")
          .send(Buffer.from(jwt));
      },
    );

    app.get(
      "/certificates/:number",
      {
        schema: {
          tags: ["certificates"],
          operationId: "verifyCertificate",
          summary: "Verify a certificate by its number: valid, expired or revoked (anyone)",
          description: "What the public verification page shows.",
          params: numbered,
          querystring: ZLangRequired,
          response: { 200: ZPublicCertificate, ...errors },
        },
      },
      async (req) => certificates.verify(req.params.number, req.query.lang, origin(req)),
    );

    app.post(
      "/certificates/:number/revoke",
      {
        schema: {
          tags: ["certificates"],
          operationId: "revokeCertificate",
          summary: "Revoke a certificate with a reason (admin, mp-admin)",
          description: "Marks a certificate revoked; its verification page then says so, with the reason.",
          params: numbered,
          querystring: ZLangRequired,
          body: ZRevokeBody,
          response: { 200: ZPublicCertificate, ...errors },
        },
      },
      async (req) => certificates.revoke(await viewer(req), req.params.number, req.body.reason, req.query.lang, origin(req)),
    );
  };
