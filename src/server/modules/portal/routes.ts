import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZPortalSettings, ZPortalSummary } from "../../../domain/portal";
import type { PortalService } from "./service";

export const portalRoutes =
  (portal: PortalService): FastifyPluginAsyncZod =>
  async (app) => {
    // The settings object is cached per content version and frozen: its JSON is too. Every shell
    // load asks for it, so writing it once per version matters (docs/decisions/0023).
    const settingsJson = new WeakMap<object, string>();
    app.get(
      "/portal/settings",
      {
        schema: {
          tags: ["portal"],
          operationId: "getPortalSettings",
          summary: "Settings of the learning portal, its environment and its children portals",
          description: "Everything a client needs to draw the portal shell: languages, registration options, navigation, SEO and integrations.",
          response: { 200: ZPortalSettings },
        },
      },
      async (_req, reply) => {
        const settings = await portal.getSettings();
        let json = settingsJson.get(settings);
        if (json === undefined) settingsJson.set(settings, (json = String(reply.serialize(settings))));
        const written = json;
        reply.type("application/json; charset=utf-8").serializer(() => written);
        return settings;
      },
    );
    app.get(
      "/portal/children",
      {
        schema: {
          tags: ["portal"],
          operationId: "listChildPortals",
          summary: "Children portals of the learning portal",
          description: "The portals under this one, for the portal switcher; public.",
          response: { 200: z.object({ environments: z.array(ZPortalSummary) }) },
        },
      },
      async () => ({ environments: await portal.getChildren() }),
    );
  };
