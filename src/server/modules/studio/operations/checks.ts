import { AppError } from "../../../../domain/errors";
import { namedLangs } from "../../../../domain/studio";
import type { StudioContext } from "./context";

/**
 * A new item's title: in any of the portal's languages (an author starts in the language they write
 * in; readers of the others get it through localized()'s fallback). None at all is TITLE_REQUIRED.
 */
function requireTitle(title: Record<string, string> | undefined): void {
  if (!Object.values(title ?? {}).some((text) => text.trim() !== "")) {
    throw new AppError("TITLE_REQUIRED", "A title in at least one of the portal's languages is required", {
      validationErrors: [{ path: "title", message: "Required" }],
    });
  }
}

/** Texts exist only in the portal's languages; a new course or element needs a title in one of them. */
export async function checkLangs(ctx: StudioContext, body: Parameters<typeof namedLangs>[0], opts: { newTitle: boolean }): Promise<string[]> {
  const { langs } = await ctx.portalLangs();
  const named = namedLangs(body);
  const foreign = named.find((lang) => !langs.includes(lang));
  if (foreign) {
    const message = `Language '${foreign}' is not one of ${langs.join(", ")}`;
    // A cover of a language the portal lacks is named at its field (the form shows it there).
    const field = body.covers && foreign in body.covers ? { validationErrors: [{ path: `covers.${foreign}`, message }] } : undefined;
    throw new AppError("UNSUPPORTED_LANG", message, field);
  }
  if (opts.newTitle) requireTitle(body.title);
  return named;
}

/** The audit summary of a body: the fields it names and the languages of its texts, never the texts. */
export function summaryOf(body: object, langs: string[]) {
  const fields = Object.entries(body)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k)
    .sort();
  return langs.length ? { fields, langs: [...langs].sort() } : { fields };
}

/**
 * The same rule for any texts: the named languages must be the portal's; with `title` given (a new
 * item), it needs a text in one of them.
 */
export async function checkTextLangs(ctx: StudioContext, named: string[], title: Record<string, string> | undefined): Promise<string[]> {
  const { langs } = await ctx.portalLangs();
  const foreign = named.find((lang) => !langs.includes(lang));
  if (foreign) throw new AppError("UNSUPPORTED_LANG", `Language '${foreign}' is not one of ${langs.join(", ")}`);
  if (title) requireTitle(title);
  return named;
}

/** Why `order` is not the ids of `current` each exactly once (a reorder made from a stale view); null when it is. */
export function orderMismatch(current: string[], order: string[]) {
  const known = new Set(current);
  const duplicate = order.filter((id, i) => order.indexOf(id) !== i);
  const foreign = order.filter((id) => !known.has(id));
  const missing = current.filter((id) => !order.includes(id));
  return duplicate.length + foreign.length + missing.length ? { duplicate, foreign, missing } : null;
}
