import { describe, expect, it } from "vitest";
import { arrangeFloatingButtons, messengerButtonsCircle, type FloatingButton } from "./floating-buttons";

const ids = (bs: Array<{ id: string }>) => bs.map((b) => b.id);

describe("arrangeFloatingButtons", () => {
  it("orders connect_to_mentor, course_tree, scroll_to_top regardless of input order", () => {
    const inputs: FloatingButton[][] = [
      [
        { id: "scroll_to_top", visible: true },
        { id: "course_tree", visible: true },
        { id: "connect_to_mentor", visible: true },
      ],
      [
        { id: "course_tree", visible: true },
        { id: "scroll_to_top", visible: true },
        { id: "connect_to_mentor", visible: true },
      ],
      [
        { id: "connect_to_mentor", visible: true },
        { id: "course_tree", visible: true },
        { id: "scroll_to_top", visible: true },
      ],
    ];
    for (const buttons of inputs) {
      const rail = arrangeFloatingButtons(buttons);
      expect(ids(rail.buttons)).toEqual(["connect_to_mentor", "course_tree", "scroll_to_top"]);
      expect(rail.buttons.map((b) => b.currentOrder)).toEqual([1, 2, 3]);
    }
  });

  it("skips invisible buttons and renumbers currentOrder from 1", () => {
    const rail = arrangeFloatingButtons([
      { id: "scroll_to_top", visible: true },
      { id: "course_tree", visible: false },
      { id: "connect_to_mentor", visible: true },
    ]);
    expect(ids(rail.buttons)).toEqual(["connect_to_mentor", "scroll_to_top"]);
    expect(rail.buttons.map((b) => b.currentOrder)).toEqual([1, 2]);
  });

  it("puts unknown buttons after the known ones, keeping their input order", () => {
    const rail = arrangeFloatingButtons([
      { id: "whatsapp", visible: true },
      { id: "scroll_to_top", visible: true },
      { id: "telegram", visible: true },
      { id: "connect_to_mentor", visible: true },
    ]);
    expect(ids(rail.buttons)).toEqual(["connect_to_mentor", "scroll_to_top", "whatsapp", "telegram"]);
    expect(rail.buttons.map((b) => b.currentOrder)).toEqual([1, 2, 3, 4]);
  });

  it("shows labels only when fewer than 3 buttons are visible", () => {
    const two = arrangeFloatingButtons([
      { id: "course_tree", visible: true },
      { id: "scroll_to_top", visible: true },
      { id: "connect_to_mentor", visible: false },
    ]);
    expect(two.showLabels).toBe(true);
    expect(arrangeFloatingButtons([{ id: "scroll_to_top", visible: true }]).showLabels).toBe(true);
    const three = arrangeFloatingButtons([
      { id: "course_tree", visible: true },
      { id: "scroll_to_top", visible: true },
      { id: "connect_to_mentor", visible: true },
    ]);
    expect(three.showLabels).toBe(false);
  });

  it("uses the small style at 5 or more visible buttons", () => {
    const make = (n: number, hidden = 0): FloatingButton[] => [
      ...Array.from({ length: n }, (_, i) => ({ id: `b${i}`, visible: true })),
      ...Array.from({ length: hidden }, (_, i) => ({ id: `h${i}`, visible: false })),
    ];
    expect(arrangeFloatingButtons(make(4)).small).toBe(false);
    expect(arrangeFloatingButtons(make(4, 3)).small).toBe(false);
    expect(arrangeFloatingButtons(make(5)).small).toBe(true);
    expect(arrangeFloatingButtons(make(6)).small).toBe(true);
  });

  it("returns an empty rail for no visible buttons", () => {
    const rail = arrangeFloatingButtons([{ id: "scroll_to_top", visible: false }]);
    expect(rail.buttons).toEqual([]);
    expect(rail.small).toBe(false);
  });
});

describe("messengerButtonsCircle", () => {
  it("is true only for more than two messengers", () => {
    expect(messengerButtonsCircle(0)).toBe(false);
    expect(messengerButtonsCircle(2)).toBe(false);
    expect(messengerButtonsCircle(3)).toBe(true);
    expect(messengerButtonsCircle(7)).toBe(true);
  });
});
