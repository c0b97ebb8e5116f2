import { createHmac } from "node:crypto";
import { isLoopbackHost } from "../loopback";

export interface FacebookConfig {
  appId: string;
  appSecret: string;
  /** Graph API base with its version, e.g. https://graph.facebook.com/v19.0 */
  graphUrl: string;
  /** The login dialog, e.g. https://www.facebook.com/v19.0/dialog/oauth */
  dialogUrl: string;
  /** Bound on each Graph call, so a hanging provider cannot hold a request forever. */
  timeoutMs?: number;
}

export interface FacebookProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

export class FacebookLoginError extends Error {}

/** Plain http reaches only this machine (local stand-ins); everything else must be https. */
function assertSafeUrl(raw: string): URL {
  const url = new URL(raw);
  if (url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname))) return url;
  throw new Error(`Facebook endpoint ${url.origin} must use https`);
}

/**
 * Facebook Login, built by hand as Facebook's "manual flow" describes: the login dialog with
 * client_id, redirect_uri and a one-time state; the code exchanged server-side with the app secret;
 * the user token then checked with /debug_token (is_valid, our app_id, the same user_id that /me
 * claims) before anybody is signed in.
 */
export function createFacebookLogin(config: FacebookConfig) {
  const graph = assertSafeUrl(config.graphUrl);
  const dialog = assertSafeUrl(config.dialogUrl);
  const appAccessToken = `${config.appId}|${config.appSecret}`;
  const timeoutMs = config.timeoutMs ?? 10_000;

  function graphUrl(path: string, params: Record<string, string>): URL {
    const url = new URL(`${graph.pathname.replace(/\/+$/, "")}/${path}`, graph);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url;
  }

  async function getJson(url: URL, what: string): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: "application/json" }, redirect: "error", signal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      throw new FacebookLoginError(`${what}: ${(e as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!res.ok || !body || typeof body !== "object") {
      const err = (body?.error as { message?: string } | undefined)?.message;
      throw new FacebookLoginError(`${what} answered ${res.status}${err ? `: ${err}` : ""}`);
    }
    return body;
  }

  return {
    id: "facebook" as const,
    authorizationUrl(params: { redirectUri: string; state: string }): URL {
      const url = new URL(dialog);
      url.searchParams.set("client_id", config.appId);
      url.searchParams.set("redirect_uri", params.redirectUri);
      url.searchParams.set("state", params.state);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("scope", "public_profile,email");
      return url;
    },

    async complete(params: { code: string; redirectUri: string }): Promise<FacebookProfile> {
      const token = await getJson(
        graphUrl("oauth/access_token", { client_id: config.appId, redirect_uri: params.redirectUri, client_secret: config.appSecret, code: params.code }),
        "code exchange",
      );
      const userToken = token.access_token;
      if (typeof userToken !== "string" || !userToken) throw new FacebookLoginError("code exchange gave no access_token");

      // appsecret_proof ties the user token to our app secret, as Facebook recommends for server calls.
      const proof = createHmac("sha256", config.appSecret).update(userToken).digest("hex");
      const [me, debug] = await Promise.all([
        getJson(graphUrl("me", { fields: "id,first_name,last_name,email", access_token: userToken, appsecret_proof: proof }), "/me"),
        getJson(graphUrl("debug_token", { input_token: userToken, access_token: appAccessToken }), "/debug_token"),
      ]);
      const data = debug.data as { is_valid?: unknown; app_id?: unknown; user_id?: unknown } | undefined;
      if (!data || data.is_valid !== true) throw new FacebookLoginError("debug_token: the user token is not valid");
      if (String(data.app_id) !== config.appId) throw new FacebookLoginError("debug_token: the token was issued to another app");
      if (typeof me.id !== "string" || !me.id) throw new FacebookLoginError("/me gave no id");
      if (String(data.user_id) !== me.id) throw new FacebookLoginError("debug_token: the token belongs to another user than /me claims");
      return {
        subject: me.id,
        // Facebook does not say whether the address was confirmed: never link accounts by it.
        email: typeof me.email === "string" ? me.email.toLowerCase() : null,
        emailVerified: false,
        givenName: typeof me.first_name === "string" ? me.first_name : null,
        familyName: typeof me.last_name === "string" ? me.last_name : null,
      };
    },
  };
}
export type FacebookLogin = ReturnType<typeof createFacebookLogin>;
