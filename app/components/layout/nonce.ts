import { createContext, useContext } from "react";

/**
 * The nonce of the page's Content-Security-Policy, given by the server's render
 * (app/entry.server.tsx) to the scripts the root renders inline. In the browser it is empty: the
 * browser hides a nonce from the page once it has checked it, and hydration does not need it.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
