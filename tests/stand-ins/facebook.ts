/**
 * A local stand-in for Facebook Login and the parts of the Graph API Mentora calls, speaking the
 * protocol of Facebook's "manually build a login flow" guide:
 *
 *   GET /v19.0/dialog/oauth?client_id&redirect_uri&state   the login dialog; approves at once and
 *                                                          redirects to redirect_uri?code&state
 *   GET /v19.0/oauth/access_token?client_id&redirect_uri&client_secret&code
 *                                                          code -> user access token (code single-use,
 *                                                          redirect_uri must equal the dialog's exactly)
 *   GET /v19.0/me?fields&access_token&appsecret_proof      the user behind a token
 *   GET /v19.0/debug_token?input_token&access_token        token inspection; needs the app token
 *                                                          "<app id>|<app secret>"
 *
 * Errors answer like Graph does: a 400 with { error: { message, type: "OAuthException", code } }.
 * `tamper` lets a test make /debug_token lie (invalid token, another app, another user).
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FacebookUser {
  id: string;
  first_name?: string;
  last_name?: string;
  email?: string;
}

export interface FacebookStandIn {
  origin: string;
  /** FACEBOOK_GRAPH_URL for the app under test. */
  graphUrl: string;
  /** FACEBOOK_DIALOG_URL for the app under test. */
  dialogUrl: string;
  appId: string;
  appSecret: string;
  /** Who approves the next dialogs. */
  user: FacebookUser;
  tamper: { isValid?: boolean; appId?: string; userId?: string };
  /** Every request the stand-in served: path and query. */
  requests: Array<{ path: string; query: Record<string, string> }>;
  close(): Promise<void>;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  user: FacebookUser;
  used: boolean;
}

const VERSION = "/v19.0";

export async function startFacebookStandIn(opts: { appId?: string; appSecret?: string; user?: FacebookUser } = {}): Promise<FacebookStandIn> {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, FacebookUser>();
  const state: FacebookStandIn = {
    origin: "",
    graphUrl: "",
    dialogUrl: "",
    appId: opts.appId ?? "4242424242",
    appSecret: opts.appSecret ?? "stand-in-app-secret",
    user: opts.user ?? { id: "10001", first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" },
    tamper: {},
    requests: [],
    close: async () => undefined,
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const oauthError = (res: ServerResponse, message: string, code = 100) => json(res, 400, { error: { message, type: "OAuthException", code } });

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", state.origin);
    const q = Object.fromEntries(url.searchParams);
    state.requests.push({ path: url.pathname, query: q });
    if (req.method !== "GET") return oauthError(res, "Unsupported method");

    switch (url.pathname) {
      case `${VERSION}/dialog/oauth`: {
        if (q.client_id !== state.appId) return oauthError(res, "Invalid app ID");
        if (!q.redirect_uri || !q.state) return oauthError(res, "Missing redirect_uri or state");
        const code = randomBytes(16).toString("hex");
        codes.set(code, { clientId: q.client_id, redirectUri: q.redirect_uri, user: { ...state.user }, used: false });
        const back = new URL(q.redirect_uri);
        back.searchParams.set("code", code);
        back.searchParams.set("state", q.state);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      case `${VERSION}/oauth/access_token`: {
        if (q.client_id !== state.appId || q.client_secret !== state.appSecret) return oauthError(res, "Error validating client secret.", 1);
        const grant = codes.get(q.code ?? "");
        if (!grant) return oauthError(res, "Invalid verification code format.");
        if (grant.used) return oauthError(res, "This authorization code has been used.");
        grant.used = true;
        if (grant.redirectUri !== q.redirect_uri)
          return oauthError(
            res,
            "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
          );
        const token = `EAA${randomBytes(24).toString("hex")}`;
        tokens.set(token, grant.user);
        return json(res, 200, { access_token: token, token_type: "bearer", expires_in: 5183944 });
      }
      case `${VERSION}/me`: {
        const user = tokens.get(q.access_token ?? "");
        if (!user) return oauthError(res, "Invalid OAuth access token.", 190);
        const proof = createHmac("sha256", state.appSecret).update(q.access_token).digest("hex");
        if (q.appsecret_proof !== undefined && q.appsecret_proof !== proof) return oauthError(res, "Invalid appsecret_proof provided in the API argument");
        const fields = (q.fields ?? "id,name").split(",");
        return json(res, 200, Object.fromEntries(Object.entries(user).filter(([k]) => k === "id" || fields.includes(k))));
      }
      case `${VERSION}/debug_token`: {
        if (q.access_token !== `${state.appId}|${state.appSecret}`) return oauthError(res, "Invalid OAuth access token signature.", 190);
        const user = tokens.get(q.input_token ?? "");
        const t = state.tamper;
        return json(res, 200, {
          data: {
            app_id: t.appId ?? state.appId,
            type: "USER",
            application: "Mentora stand-in",
            expires_at: Math.floor(Date.now() / 1000) + 3600,
            is_valid: t.isValid ?? !!user,
            scopes: ["public_profile", "email"],
            user_id: t.userId ?? user?.id,
          },
        });
      }
      default:
        return json(res, 404, { error: { message: `Unknown path ${url.pathname}`, type: "GraphMethodException", code: 803 } });
    }
  }

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  state.origin = `http://127.0.0.1:${port}`;
  state.graphUrl = `${state.origin}${VERSION}`;
  state.dialogUrl = `${state.origin}${VERSION}/dialog/oauth`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
