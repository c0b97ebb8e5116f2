/** Floating-button rail rules (seed 4 and 9). */
export const FLOATING_ORDER = { connect_to_mentor: 1, course_tree: 2, scroll_to_top: 3 } as const;
export type FloatingButtonId = keyof typeof FLOATING_ORDER | (string & {});

export interface FloatingButton {
  id: FloatingButtonId;
  visible: boolean;
  order?: number;
}

export interface FloatingRail {
  buttons: Array<FloatingButton & { currentOrder: number }>;
  showLabels: boolean;
  small: boolean;
}

export function arrangeFloatingButtons(buttons: FloatingButton[]): FloatingRail {
  const visible = buttons
    .filter((b) => b.visible)
    .map((b, i) => ({ b, i, order: b.order ?? FLOATING_ORDER[b.id as keyof typeof FLOATING_ORDER] ?? 99 }))
    .sort((x, y) => x.order - y.order || x.i - y.i)
    .map(({ b }, index) => ({ ...b, currentOrder: index + 1 }));
  return { buttons: visible, showLabels: visible.length < 3, small: visible.length >= 5 };
}

/** Messenger buttons switch to the circle style when there are more than two. */
export function messengerButtonsCircle(count: number): boolean {
  return count > 2;
}
