import { createContext, useContext } from "react";

/**
 * This response's Content-Security-Policy nonce, provided by entry.server around the whole app.
 * On the client it is empty: browsers hide nonces from the DOM, and scripts added after hydration
 * come from this site or the allowed hosts.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
