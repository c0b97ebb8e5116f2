/** Test data: unique addresses, names and phones, and the registration body the API accepts. */
import { randomBytes } from "node:crypto";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

export function uniqueUsername(prefix = "anon"): string {
  return `${prefix}_${randomBytes(5).toString("hex")}`;
}

export function uniquePhone(): string {
  // + and 12 digits, unique enough for a run.
  return `+90${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
}

export const PASSWORD = "correct horse battery";

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return { email: uniqueEmail(), password: PASSWORD, firstName: "Ann", lastName: "Lee", agree: true, ...overrides };
}
