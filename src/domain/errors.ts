/**
 * Typed error codes: each has an HTTP status and a language-pack key for the user-facing text.
 * The internal message (for logs) is kept separate from what the user reads.
 */
export const ERROR_CODES = {
  NOT_FOUND: { status: 404, key: "errors:codes.NOT_FOUND" },
  PAGE_NOT_FOUND: { status: 404, key: "errors:codes.PAGE_NOT_FOUND" },
  AUTH_DENY: { status: 403, key: "errors:codes.AUTH_DENY" },
  UNAUTHORIZED: { status: 401, key: "errors:codes.UNAUTHORIZED" },
  VALIDATION: { status: 400, key: "errors:codes.VALIDATION" },
  UNSUPPORTED_LANG: { status: 400, key: "errors:codes.UNSUPPORTED_LANG" },
  RATE_LIMITED: { status: 429, key: "errors:codes.RATE_LIMITED" },
  BAD_ORIGIN: { status: 403, key: "errors:codes.BAD_ORIGIN" },
  INTERNAL: { status: 500, key: "errors:codes.INTERNAL" },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Wire form of the code: AUTH_DENY -> "AUTH-DENY" as the seed spells codes. */
export function wireCode(code: ErrorCode): string {
  return code.replace(/_/g, "-");
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly key: string;
  readonly details?: unknown;

  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? code);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.key = ERROR_CODES[code].key;
    this.details = details;
  }
}

export interface ErrorBody {
  error: { code: string; message: string; key: string; details?: unknown };
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
