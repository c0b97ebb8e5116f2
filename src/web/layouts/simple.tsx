import { Outlet } from "react-router";
import type { PacksHandle } from "../i18n/page-packs";

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["learn"] };

/** simple layout (seed 2.2): the content alone, without the portal chrome. */
export default function SimpleLayout() {
  return (
    <main id="main" className="min-h-screen">
      <Outlet />
    </main>
  );
}
