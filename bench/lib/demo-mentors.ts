import { DEMO_MENTORS, DEMO_MENTOR_PASSWORD } from "../../src/server/db/seed/demo-mentors";
import type { MentorLogin } from "./chat-delivery";

/** The demo portal's mentors (role mentor) the chat part's learners write to. */
export const DEMO_MENTOR_LOGINS: MentorLogin[] = DEMO_MENTORS.filter((m) => m.role === "mentor").map((m) => ({
  email: m.email,
  password: DEMO_MENTOR_PASSWORD,
}));
