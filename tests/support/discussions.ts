/**
 * Discussions for `app.inject` tests (issue 14): client-made post ids, posting and reading a thread
 * through the API, admins, following and the digest job run at a chosen time.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { TCreatedDiscussionPost, TDiscussionPost } from "../../src/domain/discussion";
import type { Config } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import { createServices } from "../../src/server/main";
import { json } from "./http";
import { patchUser, register, type Registered } from "./sign-in";

export const postId = () => `dpost:${randomBytes(12).toString("hex")}`;

/** The demo seed's free course and its first lesson, whose discussion is active. */
export const OPEN_DISCUSSION = "disc-rf-slow-reading";
/** A later element of the same course (locked for a new learner). */
export const LOCKED_DISCUSSION = "disc-rf-reading-circle";
/** An element of the paid course. */
export const PAID_DISCUSSION = "disc-cs-practice";

export async function post(who: Registered, discussionId: string, text: string, extra: Record<string, unknown> = {}): Promise<TCreatedDiscussionPost> {
  return json<TCreatedDiscussionPost>(await who.browser.post(`/api/discussions/${discussionId}/posts?lang=en`, { id: postId(), text, ...extra }), 201);
}

export async function thread(who: Registered, discussionId: string, query = "") {
  return json<{ discussion: { id: string; active: boolean; title: string }; items: TDiscussionPost[]; nextCursor: string | null; following: boolean }>(
    await who.browser.get(`/api/discussions/${discussionId}?lang=en${query}`),
  );
}

/** A registered account with the portal admin role. */
export async function admin(app: FastifyInstance, database: Database): Promise<Registered> {
  const r = await register(app);
  await patchUser(database, r.userId, { roles: ["disciple", "admin"] });
  return r;
}

export const del = (who: Registered, url: string) => who.browser.request({ method: "DELETE", url });

export const follow = (who: Registered, discussionId: string, following: boolean) =>
  who.browser.put(`/api/discussions/${discussionId}/follow?lang=en`, { following });

/** A second set of services on the suite's database, for running the digest job at a chosen time; close() after. */
export async function digestJobs(config: Config, database: Database) {
  const services = await createServices(config, database);
  return {
    run: (now: Date) => services.discussions.runDigest(now),
    close: async () => {
      services.contentVersion.close();
      services.orders.close();
      await services.bus.close();
    },
  };
}
