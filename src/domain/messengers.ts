/**
 * Messenger sign-in (seed 001 §2, §6): WhatsApp, Telegram, Viber and Facebook Messenger. Telegram
 * signs its Login Widget; the other three confirm a one-time code that the visitor sends to the
 * portal's bot (docs/decisions/0009-messenger-connect.md).
 */
import { z } from "zod";
import { MESSENGERS } from "./messenger-ids";

export const ZMessenger = z.enum(MESSENGERS);
export type Messenger = z.infer<typeof ZMessenger>;

/** Brand names: the same in every language. */
export const MESSENGER_NAMES: Record<Messenger, string> = { whatsapp: "WhatsApp", telegram: "Telegram", viber: "Viber", facebookmessenger: "Messenger" };

/** Messengers confirmed by a one-time code the visitor sends to the bot. */
export const CODE_MESSENGERS = ["whatsapp", "viber", "facebookmessenger"] as const satisfies readonly Messenger[];
export const ZCodeMessenger = z.enum(CODE_MESSENGERS);
export type CodeMessenger = z.infer<typeof ZCodeMessenger>;

export function isCodeMessenger(m: string): m is CodeMessenger {
  return (CODE_MESSENGERS as readonly string[]).includes(m);
}

/** The HttpOnly cookie that binds a connect flow to the browser that started it. */
export const CONNECT_COOKIE = "mentora-connect";

/** How long a connect code can be sent to the bot. */
export const CONNECT_CODE_TTL_MS = 10 * 60 * 1000;
/** After the bot confirms, the browser has this long to finish signing in. */
export const CONNECT_COMPLETE_TTL_MS = 5 * 60 * 1000;
/** How often the connect page asks whether the bot has confirmed. */
export const CONNECT_POLL_MS = 2_000;

/** Code letters without look-alikes (no 0/O, 1/I): people type them into a chat. 32 of them. */
export const CONNECT_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const CONNECT_CODE_LENGTH = 8;

/** "ABCDEFGH" -> "ABCD-EFGH", easier to read aloud and retype. */
export function formatConnectCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a bot reports back, as the visitor typed it: case, spaces and dashes do not matter. */
export function normalizeConnectCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, "");
}

export function isWellFormedConnectCode(code: string): boolean {
  return code.length === CONNECT_CODE_LENGTH && [...code].every((c) => CONNECT_CODE_ALPHABET.includes(c));
}

/**
 * The Telegram bot's username for the Login Widget, from an endpoint given as "mentora_bot",
 * "@mentora_bot" or "https://t.me/mentora_bot"; null when it is none of these.
 */
export function telegramBotName(endpoint: string): string | null {
  const name = endpoint
    .trim()
    .replace(/^https:\/\/t\.me\//i, "")
    .replace(/^@/, "")
    .replace(/\/+$/, "");
  return /^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(name) ? name : null;
}

function withParams(base: URL, params: Record<string, string>): string {
  for (const [k, v] of Object.entries(params)) base.searchParams.set(k, v);
  return base.toString();
}

/**
 * The link that opens the bot's chat with the code ready to send. `endpoint` is what the portal
 * stores in integrations.messengers.{messenger}.endpoint: a phone number (WhatsApp), a public
 * account URI (Viber) or a page name (Messenger), or a full https:// or viber:// link to it.
 * Anything else (e.g. javascript:) gives null: the page then shows the code alone.
 */
export function messengerDeepLink(messenger: CodeMessenger, endpoint: string, code: string): string | null {
  const text = formatConnectCode(code);
  const trimmed = endpoint.trim();
  if (!trimmed) return null;
  let given: URL | null = null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) {
    try {
      given = new URL(trimmed);
    } catch {
      return null;
    }
    const allowed = messenger === "viber" ? ["viber:", "https:"] : ["https:"];
    if (!allowed.includes(given.protocol)) return null;
  }
  switch (messenger) {
    case "whatsapp": {
      if (given) return withParams(given, { text });
      const digits = trimmed.replace(/[^\d]/g, "");
      return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : null;
    }
    case "viber":
      // The bot receives `context` with its conversation_started event; `text` pre-fills the message.
      if (given) return withParams(given, { context: code, text });
      return `viber://pa?chatURI=${encodeURIComponent(trimmed)}&context=${encodeURIComponent(code)}&text=${encodeURIComponent(text)}`;
    case "facebookmessenger":
      // m.me passes `ref` to the page's webhook as a messaging referral.
      if (given) return withParams(given, { ref: code });
      return /^[\w.-]+$/.test(trimmed) ? `https://m.me/${trimmed}?ref=${encodeURIComponent(code)}` : null;
  }
}
