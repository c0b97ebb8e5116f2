import { useEffect } from "react";
import { useNavigate } from "react-router";
import { ONE_TAP_CSRF_COOKIE, ONE_TAP_PROMPT_DELAY_MS, ONE_TAP_SCRIPT, type OneTapContext } from "../../../domain/providers";
import { isSignedIn } from "../../../domain/user";
import { useRootData } from "../../root-data";
import { useAuth } from "./use-auth";

interface GoogleIdentity {
  initialize(config: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    context?: OneTapContext;
    itp_support?: boolean;
    cancel_on_tap_outside?: boolean;
  }): void;
  prompt(): void;
  cancel?(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
  }
}

/** Loads Google's client script once per page; rejects when it cannot (offline, blocked). */
let loading: Promise<void> | null = null;
function loadGsi(): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = ONE_TAP_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error("Google's One Tap script did not load"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * The double-submit token the credential is posted with. Google sets it in its redirect mode; in
 * callback mode (ours) the page sets it: another site can neither read nor set our cookie.
 */
function csrfToken(): string {
  const existing = document.cookie.split("; ").find((c) => c.startsWith(`${ONE_TAP_CSRF_COOKIE}=`));
  if (existing) return decodeURIComponent(existing.slice(ONE_TAP_CSRF_COOKIE.length + 1));
  const token = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
  document.cookie = `${ONE_TAP_CSRF_COOKIE}=${token}; Path=/; SameSite=Strict${location.protocol === "https:" ? "; Secure" : ""}`;
  return token;
}

/**
 * Google One Tap (seed 001 §4): offered only to guests and session users when the portal switches
 * registration.googleOneTap on and a Google client id is configured. Google's script is loaded only
 * then, and the prompt appears 5 s after the page. The credential goes to our server, which
 * verifies it; then the page's idea of who is signed in is refreshed.
 */
export function OneTap({ context = "signin" }: { context?: OneTapContext }) {
  const providers = useRootData()?.settings.providers;
  const { user, refresh } = useAuth();
  const navigate = useNavigate();
  const clientId = providers?.oneTap ? providers.googleClientId : null;
  const eligible = !!clientId && !isSignedIn(user);

  useEffect(() => {
    if (!eligible || !clientId) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      loadGsi()
        .then(() => {
          const id = window.google?.accounts?.id;
          if (cancelled || !id) return;
          id.initialize({
            client_id: clientId,
            context,
            itp_support: true,
            callback: async ({ credential }) => {
              if (!credential) return;
              const { oneTapSignIn } = await import("./auth-calls");
              const res = await oneTapSignIn({ credential, g_csrf_token: csrfToken() });
              if (res.ok) await refresh();
              // An account holds this address unconfirmed: the login popup explains what to do.
              else if (res.error.code === "EMAIL-UNVERIFIED-ACCOUNT") navigate({ search: "?login=unverified" }, { replace: true });
              else console.error("One Tap sign-in failed", res.error.code);
            },
          });
          id.prompt();
        })
        // One Tap is an offer, not a path the page depends on: without Google it simply does not appear.
        .catch((e: unknown) => console.warn((e as Error).message));
    }, ONE_TAP_PROMPT_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.google?.accounts?.id?.cancel?.();
    };
  }, [eligible, clientId, context, refresh, navigate]);

  // Marks the page as offering One Tap (for styling and tests); nothing visible of its own.
  return eligible ? <span hidden data-testid="one-tap" data-context={context} /> : null;
}
