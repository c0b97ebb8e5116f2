import type { AuthContext } from "./context";

/** A redirect login in progress (OIDC, Facebook): what the callback needs to finish it. */
export interface LoginFlow {
  state: string;
  provider: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string;
  redirectUri: string;
  expiresAt: Date;
}

/** Notes a redirect login before the browser leaves for the provider. */
export async function startLoginFlow({ repo }: AuthContext, flow: LoginFlow): Promise<void> {
  await repo.insertFlow(flow);
}

/** Takes a redirect-login state once: a replayed or expired state finds nothing. */
export async function takeLoginFlow({ repo }: AuthContext, state: string): Promise<LoginFlow | null> {
  return repo.takeFlow(state);
}
