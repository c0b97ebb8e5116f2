import { useMatches } from "react-router";

/** A route's `handle` that asks for the page alone: no shell notices, popups or analytics around it. */
export interface ChromelessHandle {
  chromeless?: boolean;
}

/**
 * Whether the current page is drawn alone: the designer's preview frame (issue 15) shows the page as
 * readers will see it, so the e-mail-verification notice, One Tap, sign-in popups and the tag
 * manager that every other page carries stay out of it (they belong to the designer around it).
 */
export function useChromeless(): boolean {
  return useMatches().some((m) => (m.handle as ChromelessHandle | undefined)?.chromeless === true);
}
