import { randomUUID } from "node:crypto";
import type { TSubscription, TSubscriptionRequest } from "../../../domain/blocks/engagement";
import { AppError } from "../../../domain/errors";
import type { SubscriptionsRepo } from "./repo";

export interface SubscriptionsDeps {
  repo: SubscriptionsRepo;
  environmentId: string;
  portalLangs: () => Promise<{ langs: string[] }>;
}

export function createSubscriptionsService({ repo, environmentId, portalLangs }: SubscriptionsDeps) {
  return {
    /**
     * Subscribes an e-mail (already trimmed and lowercased by ZEmail) to a topic. Idempotent: a
     * second request for the same e-mail and topic returns the first subscription with
     * created=false and changes nothing, also when two requests race.
     */
    async subscribe(req: TSubscriptionRequest): Promise<TSubscription> {
      const { langs } = await portalLangs();
      if (!langs.includes(req.lang)) throw new AppError("UNSUPPORTED_LANG", `Language '${req.lang}' is not one of ${langs.join(", ")}`);
      const created = await repo.insertIfAbsent({
        id: `sub-${randomUUID()}`,
        environmentId,
        email: req.email,
        topic: req.topic,
        lang: req.lang,
        source: req.source ?? null,
      });
      const row = created ?? (await repo.find(environmentId, req.topic, req.email));
      if (!row) throw new AppError("INTERNAL", "Subscription vanished between insert and read");
      return { id: row.id, email: row.email, topic: row.topic, created: created !== null };
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
