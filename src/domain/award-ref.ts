import { z } from "zod";

/** Seed 000 §2.4 award-popup state: the award just earned and the course that earned it (domain/rewards.ts). */
export const ZAwardRef = z.object({ awardId: z.string(), courseId: z.string().nullable() });
export type TAwardRef = z.infer<typeof ZAwardRef>;
