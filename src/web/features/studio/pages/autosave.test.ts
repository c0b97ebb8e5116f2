import { describe, expect, it } from "vitest";
import { type AutosaveEvent, type AutosaveState, autosave, mayPublish, startAutosave } from "./autosave";

const run = (s: AutosaveState, ...events: AutosaveEvent[]) => events.reduce(autosave, s);
const conflict = { revision: 7, savedAt: "2026-11-25T10:00:00.000Z", savedBy: { id: "u2", name: "Nadia" } };

describe("autosave", () => {
  it("goes saved → dirty → saving → saved, moving the base revision", () => {
    const s = run(startAutosave(3, null), { type: "edit" });
    expect(s.status).toBe("dirty");
    expect(mayPublish(s)).toBe(false);
    const saving = autosave(s, { type: "saveStart" });
    expect(saving.status).toBe("saving");
    const saved = autosave(saving, { type: "saveOk", revision: 4, savedAt: "t" });
    expect(saved).toMatchObject({ status: "saved", revision: 4, savedAt: "t" });
    expect(mayPublish(saved)).toBe(true);
  });

  it("saves again an edit made while saving", () => {
    const s = run(startAutosave(0, null), { type: "edit" }, { type: "saveStart" }, { type: "edit" });
    expect(s.status).toBe("saving");
    expect(autosave(s, { type: "saveOk", revision: 1, savedAt: "t" }).status).toBe("dirty");
  });

  it("shows a failure until retry or the next edit", () => {
    const failed = run(startAutosave(2, null), { type: "edit" }, { type: "saveStart" }, { type: "saveFailed", errorKey: "auth:errors.network" });
    expect(failed).toMatchObject({ status: "failed", errorKey: "auth:errors.network", revision: 2 });
    expect(autosave(failed, { type: "saveStart" })).toBe(failed);
    expect(autosave(failed, { type: "retry" }).status).toBe("dirty");
    expect(autosave(failed, { type: "edit" })).toMatchObject({ status: "dirty", errorKey: null });
  });

  it("never saves over a newer draft silently: a conflict waits for reload or keep-mine", () => {
    const c = run(startAutosave(5, null), { type: "edit" }, { type: "saveStart" }, { type: "conflict", conflict });
    expect(c).toMatchObject({ status: "conflict", conflict, revision: 5 });
    // Edits and save attempts change nothing while the creator has not chosen.
    const edited = run(c, { type: "edit" }, { type: "saveStart" });
    expect(edited.status).toBe("conflict");
    expect(mayPublish(edited)).toBe(false);
    expect(autosave(edited, { type: "keepMine" })).toMatchObject({ status: "dirty", revision: 7, conflict: null });
    expect(autosave(edited, { type: "loaded", revision: 7, savedAt: conflict.savedAt })).toMatchObject({ status: "saved", revision: 7, conflict: null });
  });

  it("ignores a late answer for a save that is no longer running", () => {
    const s = startAutosave(1, null);
    expect(autosave(s, { type: "saveOk", revision: 9, savedAt: "t" })).toBe(s);
    expect(autosave(s, { type: "conflict", conflict })).toBe(s);
    expect(autosave(s, { type: "keepMine" })).toBe(s);
  });
});
