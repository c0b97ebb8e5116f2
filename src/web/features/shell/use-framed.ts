import { useEffect, useState } from "react";

/**
 * Whether this page is drawn inside another page's frame (the back office's theme preview). Known only
 * after mount: the server cannot tell, so the first render matches the server's.
 */
export function useFramed(): boolean {
  const [framed, setFramed] = useState(false);
  useEffect(() => setFramed(window.self !== window.top), []);
  return framed;
}
