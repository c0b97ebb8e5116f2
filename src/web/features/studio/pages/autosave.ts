/*
 * The designer's autosave as a state machine (issue 15), pure. Edits wait ~1 s (AUTOSAVE_DELAY_MS)
 * and are saved as a draft from the revision they started from. A save from a stale revision is a
 * conflict: nothing is saved until the creator chooses to reload the newer draft or keep theirs (which
 * saves theirs over the newer revision, knowingly). A failed save waits for "retry" or the next edit.
 */

export const AUTOSAVE_DELAY_MS = 1000;

export interface ConflictInfo {
  revision: number;
  savedAt: string;
  savedBy: { id: string; name: string } | null;
}

export type SaveStatus = "saved" | "dirty" | "saving" | "failed" | "conflict";

export interface AutosaveState {
  status: SaveStatus;
  /** The draft revision the next save starts from. */
  revision: number;
  savedAt: string | null;
  /** Counts edits; a save carries the count it saved, so an edit made during the save is saved next. */
  generation: number;
  savingGeneration: number | null;
  /** Set while status is "failed": the translation key of the reason. */
  errorKey: string | null;
  conflict: ConflictInfo | null;
}

export type AutosaveEvent =
  | { type: "edit" }
  | { type: "saveStart" }
  | { type: "saveOk"; revision: number; savedAt: string }
  | { type: "saveFailed"; errorKey: string }
  | { type: "conflict"; conflict: ConflictInfo }
  | { type: "retry" }
  /** Keep mine: save this document over the newer revision. */
  | { type: "keepMine" }
  /** A document (re)loaded from the server: the newer draft, or after a restore. */
  | { type: "loaded"; revision: number; savedAt: string | null };

export const startAutosave = (revision: number, savedAt: string | null): AutosaveState => ({
  status: "saved",
  revision,
  savedAt,
  generation: 0,
  savingGeneration: null,
  errorKey: null,
  conflict: null,
});

export function autosave(s: AutosaveState, e: AutosaveEvent): AutosaveState {
  switch (e.type) {
    case "edit":
      // While saving or in a conflict the status stays: the edit is counted and saved after (or decided with the conflict).
      return { ...s, generation: s.generation + 1, status: s.status === "saving" || s.status === "conflict" ? s.status : "dirty", errorKey: null };
    case "saveStart":
      return s.status === "dirty" ? { ...s, status: "saving", savingGeneration: s.generation } : s;
    case "saveOk": {
      if (s.status !== "saving") return s;
      const upToDate = s.savingGeneration === s.generation;
      return { ...s, status: upToDate ? "saved" : "dirty", revision: e.revision, savedAt: e.savedAt, savingGeneration: null };
    }
    case "saveFailed":
      return s.status === "saving" ? { ...s, status: "failed", errorKey: e.errorKey, savingGeneration: null } : s;
    case "conflict":
      return s.status === "saving" ? { ...s, status: "conflict", conflict: e.conflict, savingGeneration: null } : s;
    case "retry":
      return s.status === "failed" ? { ...s, status: "dirty", errorKey: null } : s;
    case "keepMine":
      return s.status === "conflict" && s.conflict ? { ...s, status: "dirty", revision: s.conflict.revision, conflict: null } : s;
    case "loaded":
      return startAutosave(e.revision, e.savedAt);
  }
}

/** Publishing publishes the saved revision: only when everything is saved and there is a draft. */
export const mayPublish = (s: AutosaveState) => s.status === "saved" && s.revision > 0;
