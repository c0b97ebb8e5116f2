import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZPortalSettings, ZPortalSummary } from "../../../domain/portal";
import type { PortalService } from "./service";

export const portalRoutes =
  (portal: PortalService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/portal/settings",
      {
        schema: {
          tags: ["portal"],
          summary: "Settings of the learning portal, its environment and its children portals",
          response: { 200: ZPortalSettings },
        },
      },
      async () => portal.getSettings(),
    );
    app.get(
      "/portal/children",
      {
        schema: {
          tags: ["portal"],
          summary: "Children portals of the learning portal",
          response: { 200: z.object({ environments: z.array(ZPortalSummary) }) },
        },
      },
      async () => ({ environments: await portal.getChildren() }),
    );
  };
