import { createContext, useContext } from "react";
import type { LanguagePackage } from "../../domain/constants";
import type { Resources } from "./translator";

/**
 * Which language packs a page ships (docs/decisions/0020-lean-client.md). Every page gets the base
 * packs of the frame around it (header with the sign-in button, footer, cookie notice); a route adds
 * what its screen needs in its `handle`: `export const handle: PacksHandle = { packs: [...] }`.
 * The server renders with every pack of the language and ships only these in the page; the browser
 * fetches any other pack when a screen first needs it (a navigation keeps the previous screen until
 * then; popups load theirs with their code; an API error's text loads its pack: key-namespace.ts).
 */
export const BASE_PACKS = ["common", "shell", "policy"] as const satisfies readonly LanguagePackage[];

/** What a screen of page blocks needs: the blocks' own texts and those of the form block. */
export const BLOCK_PACKS = ["blocks", "forms"] as const satisfies readonly LanguagePackage[];

export interface PacksHandle {
  packs?: readonly LanguagePackage[];
}

/** What the sign-in popup and its steps need (their texts, API errors, messenger and form steps). */
export const SCENARIO_PACKS = ["auth", "errors", "social", "forms"] as const satisfies readonly LanguagePackage[];

/** The packs of a page: the base packs and those of every matched route; an error screen adds its texts and the block packs (error-view draws the system page's blocks). */
export function pagePacks(handles: readonly unknown[], hasError: boolean): LanguagePackage[] {
  const out = new Set<LanguagePackage>(BASE_PACKS);
  for (const handle of handles) for (const pkg of (handle as PacksHandle | undefined)?.packs ?? []) out.add(pkg);
  if (hasError) for (const pkg of ["errors", ...BLOCK_PACKS] as const) out.add(pkg);
  return [...out];
}

/** Set by entry.server for the server render: every pack of the page's language, which of them the page ships, and the file that ships them. */
export interface ServerPacks {
  lang: string;
  all: Resources;
  shipped: readonly LanguagePackage[];
  /** The shipped packs' file (language-packs.ts shippedFile): the same for every page of this set, kept by the browser. */
  src: string;
}

export const ServerPacksContext = createContext<ServerPacks | null>(null);

export function useServerPacks(): ServerPacks | null {
  return useContext(ServerPacksContext);
}

/** The id of the page's script that carries the shipped packs to the browser (from a file the browser keeps). */
export const PACKS_SCRIPT_ID = "mentora-packs";
