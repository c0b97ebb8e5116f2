/**
 * Freezes a value and everything it holds. Shared snapshots (the portal settings every request
 * reads) are frozen so that no request can change what another one sees, and so the API's reply
 * serializer may write a frozen reply once and reuse the text (src/server/platform/reply-serializer.ts).
 * Dates stay as they are (their time lives in an internal slot that freezing would not protect anyway).
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value) || value instanceof Date) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}
