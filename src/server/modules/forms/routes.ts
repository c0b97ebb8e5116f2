import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { REMOTE_SEARCH_MAX_CHARS, ZDataSource, ZForm, ZRecordCreated, ZSearchOption } from "../../../domain/forms";
import { ZErrorReply } from "../../platform/errors";
import { rateLimit } from "../../platform/rate-limit";
import { hiddenFields } from "./policy";
import type { FormsService } from "./service";
import { ZJsonValue, ZText } from "../../../domain/validation/safe-text";

/** Records per client address and window: a form is filled in by hand, a flood is not. */
export const RECORD_CREATE_LIMIT = 20;

const ZId = ZText.min(1)
  .max(120)
  .regex(/^[\w:-]+$/);
const ZLang = ZText.min(2).max(8);
const errors = { 400: ZErrorReply, 401: ZErrorReply, 404: ZErrorReply, 429: ZErrorReply };

export const formsRoutes =
  (forms: FormsService, opts: { windowMs: number }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/forms/:id",
      {
        schema: {
          tags: ["forms"],
          operationId: "getForm",
          summary: "A dynamic form in one language, with the data source it writes to",
          description: "Reads a form's fields, texts and target data source for the form block; public.",
          params: z.object({ id: ZId }),
          querystring: z.object({ lang: ZLang }),
          response: { 200: ZForm, ...errors },
        },
      },
      async (req) => forms.getForm(req.params.id, req.query.lang),
    );

    app.get(
      "/forms/:id/fields/:fieldId/options",
      {
        schema: {
          tags: ["forms"],
          operationId: "searchFieldOptions",
          summary: "Remote search for a select-like field: options whose label contains q (3+ characters)",
          description: "Searches the options of one select-like field of a form; rate limited.",
          params: z.object({ id: ZId, fieldId: ZId }),
          querystring: z.object({ q: ZText.max(REMOTE_SEARCH_MAX_CHARS) }),
          response: { 200: z.array(ZSearchOption), ...errors },
        },
      },
      async (req) => forms.searchOptions(req.params.id, req.params.fieldId, req.query.q),
    );

    app.get(
      "/data-sources/:id",
      {
        schema: {
          tags: ["forms"],
          operationId: "getDataSource",
          summary: "A data source: its plural name and field types",
          description: "Reads the shape of a data source that forms write to; public.",
          params: z.object({ id: ZId }),
          response: { 200: ZDataSource, ...errors },
        },
      },
      async (req) => forms.getDataSource(req.params.id),
    );

    app.post(
      "/data/:plural",
      {
        config: rateLimit(RECORD_CREATE_LIMIT, opts.windowMs),
        schema: {
          tags: ["forms"],
          operationId: "createDataRecord",
          summary: "Create a record in a data source through one of its forms; userId and missionaryId are set by the server",
          description: "Saves a form submission as a record of the data source; rate limited.",
          params: z.object({ plural: ZText.min(1).max(64) }),
          body: z
            .object({
              formId: ZId,
              lang: ZLang.optional(),
              values: z.record(ZText.max(64), ZJsonValue),
            })
            .strict(),
          response: { 201: ZRecordCreated, ...errors },
        },
      },
      async (req, reply) => {
        const hidden = hiddenFields(await req.auth(), req.cookies);
        const record = await forms.createRecord({ plural: req.params.plural, ...req.body, ...hidden });
        return reply.status(201).send(record);
      },
    );
  };
