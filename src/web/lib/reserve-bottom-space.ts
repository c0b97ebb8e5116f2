/**
 * A callback ref for an overlay fixed to the bottom of the window (the cookie notice): while it is
 * mounted, the page keeps room of its height below its own end (`--bottom-overlay`, read by app.css
 * as the body's bottom padding and the scroll padding), so the last button of a page can always be
 * scrolled above the overlay and a focused control is never scrolled under it (issue 28: the notice
 * covered a lesson's finish button).
 */
export function reserveBottomSpace(el: HTMLElement | null): (() => void) | undefined {
  if (!el || typeof ResizeObserver === "undefined") return undefined;
  const root = document.documentElement;
  const apply = () => {
    // The overlay's height plus its gap to the window's edge.
    const gap = window.innerHeight - el.getBoundingClientRect().bottom;
    root.style.setProperty("--bottom-overlay", `${Math.ceil(el.offsetHeight + Math.max(0, gap))}px`);
  };
  const observer = new ResizeObserver(apply);
  observer.observe(el);
  apply();
  return () => {
    observer.disconnect();
    root.style.removeProperty("--bottom-overlay");
  };
}
