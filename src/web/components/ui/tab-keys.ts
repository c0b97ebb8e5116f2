/**
 * The WAI-ARIA tabs pattern's keys (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/), pure: Left and
 * Right move to the previous and next tab, wrapping around, mirrored when the list runs right to left
 * (Right is then the previous tab, as it sits on the left); Home and End the first and last. Any other
 * key is not the tab list's (null), so typing and shortcuts pass through.
 */
export function tabKeyTarget(key: string, index: number, count: number, rtl: boolean): number | null {
  if (count <= 0) return null;
  const forward = rtl ? "ArrowLeft" : "ArrowRight";
  const back = rtl ? "ArrowRight" : "ArrowLeft";
  if (key === forward) return (index + 1) % count;
  if (key === back) return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}
