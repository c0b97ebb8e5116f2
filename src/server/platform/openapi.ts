/**
 * The OpenAPI document at /api/docs/json: what @fastify/swagger is registered with. It describes the
 * JSON API under /api only; page routes (SSR, language packs, redirect logins) are left out. Zod
 * schemas that refer to themselves are registered here with an id, so they become components
 * instead of dangling `$ref`s. tests/integration/openapi-contract.int.test.ts lints the document
 * with Spectral (.spectral.yaml) and compiles a client generated from it.
 */
import type { SwaggerOptions } from "@fastify/swagger";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZNavigationItem } from "../../domain/portal";
import { ZJsonValue } from "../../domain/validation/safe-text";

const components = z.registry<{ id?: string }>();
components.add(ZNavigationItem, { id: "NavigationItem" });
components.add(ZJsonValue, { id: "JsonValue" });

const zodTransform = createJsonSchemaTransform({ schemaRegistry: components });
const zodComponents = createJsonSchemaTransformObject({ schemaRegistry: components });
const REF = "#/components/schemas/";

/**
 * Any JSON value (free-form form data): its exact schema is a union that contains an array of itself,
 * which generated TypeScript clients cannot name (TS2502), so the document says "any JSON value".
 */
const JSON_VALUE = { description: "Any JSON value; its strings and keys follow the safe-text rule.", nullable: true };
const freeForm = <T extends { components?: { schemas?: Record<string, unknown> } }>(doc: T): T => {
  const schemas = { ...doc.components?.schemas };
  for (const id of ["JsonValue", "JsonValueInput"]) if (id in schemas) schemas[id] = JSON_VALUE;
  return { ...doc, components: { ...doc.components, schemas } };
};

/**
 * Every registered schema is emitted twice (as read and as written: `X` and `XInput`); keep only the
 * components an operation reaches, directly or through another component.
 */
function withoutUnusedSchemas<T extends { paths?: unknown; components?: { schemas?: Record<string, unknown> } }>(doc: T): T {
  const schemas = doc.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string" && value.startsWith(REF)) {
          const id = value.slice(REF.length);
          if (!used.has(id)) {
            used.add(id);
            visit(schemas[id]);
          }
        } else visit(value);
      }
    }
  };
  visit(doc.paths);
  return { ...doc, components: { ...doc.components, schemas: Object.fromEntries(Object.entries(schemas).filter(([id]) => used.has(id))) } };
}

export const API_TAGS = [
  { name: "portal", description: "Portal settings and the portals under it." },
  { name: "pages", description: "Pages built from blocks, page templates and policy pages." },
  { name: "forms", description: "Dynamic forms, their data sources and the records they write." },
  { name: "auth", description: "Sign-up, sign-in, sessions, tokens, password reset, e-mail verification and messenger sign-in." },
  { name: "users", description: "The signed-in user: profile, consent, deletion and portal membership." },
  { name: "courses", description: "The course catalogue, courses, their elements and reviews." },
  { name: "progress", description: "Learners' progress in courses and elements." },
  {
    name: "assessments",
    description: "Tests that grade: attempts, answers with feedback, submission, retakes, results; mentors' reviews and authors' statistics and imports.",
  },
  { name: "microcourses", description: "Microcourses: short courses on one page." },
  { name: "video events", description: "Video events and their episodes." },
  { name: "subscriptions", description: "Mailing-topic subscriptions." },
  { name: "studio", description: "Authoring of content by admins, mp-admin and mp-leader (the creator studio, docs/api/studio.md)." },
  { name: "settings", description: "Portal, environment and registration settings of the back office: admins and mp-admin (docs/decisions/0058)." },
  { name: "backoffice", description: "Running the portal: admins and mp-admin only (issue 16: the dashboard and the actions on learners who need help)." },
  { name: "media", description: "Media uploads and the media library of the creator studio (docs/api/media.md)." },
  { name: "orders", description: "Orders of paid courses: make, quote, read, and the providers' return of the browser." },
  { name: "payments", description: "Payment gateways, providers' signed callbacks and the sandbox test checkout." },
  { name: "gifts", description: "Courses bought as gifts: the recipient's link and claim." },
  { name: "chat", description: "Mentor chat: mentor profiles, the learner's chat, its messages, read marking, updates and unread counts." },
  { name: "mentor", description: "The mentors' inbox: waiting and assigned chats, assignment, resolving, availability and the chat's timers." },
  {
    name: "discussions",
    description:
      "Discussions per course element: the popup's list, threads with replies, posting, editing, deleting and reporting; the mentors' queue, pinning, hiding, restoring and reports; the admins' switch.",
  },
  { name: "notifications", description: "The account's notifications (a mentor's reply, a chat given to a mentor) and marking them read." },
  { name: "certificates", description: "Certificates of finished courses: request, verification by number, PDF, preview, Open Badges credential, revocation." },
  { name: "rewards", description: "Awards granted for finishing courses and the gifts courses give on completion." },
  { name: "admin", description: "The back office: every order of the portal and its coupons (admins)." },
  { name: "results", description: "Quiz results graded on the server, their aggregates, interaction results and identify (guest results to the account)." },
];

export const openApiOptions: SwaggerOptions = {
  openapi: {
    info: {
      title: "Mentora API",
      version: "0.1.0",
      description: "The JSON API of a Mentora learning portal; the same services back its server-rendered pages.",
      contact: { name: "Mentora maintainers" },
    },
    servers: [{ url: "/", description: "The Mentora instance that serves this document" }],
    tags: API_TAGS,
  },
  // Only the JSON API is documented: the SSR catch-all and other page routes are hidden.
  transform: (doc) => (doc.url.startsWith("/api/") ? zodTransform(doc) : { schema: { hide: true } as never, url: doc.url }),
  transformObject: (doc) => withoutUnusedSchemas(freeForm(zodComponents(doc) as Parameters<typeof withoutUnusedSchemas>[0])) as never,
};
