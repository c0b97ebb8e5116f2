import { eq } from "drizzle-orm";
import { hashPassword } from "../../platform/auth/passwords";
import type { Db } from "../client";
import { users } from "../schema/users";
import { DEMO_MENTOR_PASSWORD } from "./demo-mentors";

/** The demo course author (README "Demo accounts"): opens the creator studio at /{lang}/studio/. Same public demo password as the mentors. */
export const DEMO_CREATOR = {
  userId: "usr-demo-creator-nadia",
  email: "nadia.creator@mentora.example",
  firstName: "Nadia",
  lastName: "Aksoy",
  roles: ["mp-admin"],
} as const;

/** The creator's account; an existing row is kept (the password is hashed only for a new account). */
export async function seedDemoCreator(db: Db) {
  const c = DEMO_CREATOR;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.id, c.userId)).limit(1);
  if (existing) return;
  const now = new Date();
  await db
    .insert(users)
    .values({
      id: c.userId,
      status: "active",
      roles: [...c.roles],
      email: c.email,
      passwordHash: await hashPassword(DEMO_MENTOR_PASSWORD),
      firstName: c.firstName,
      lastName: c.lastName,
      complete: true,
      registered: now,
      emailVerifiedAt: now,
      links: [`email|${c.email}`],
    })
    .onConflictDoNothing();
}
