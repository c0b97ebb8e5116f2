import { Outlet } from "react-router";
import { ElementPreloader } from "../features/learning/element-preloader";
import { Shell } from "../features/shell/shell";
import type { PacksHandle } from "../i18n/page-packs";

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["learn"] };

/**
 * default layout (seed 2.2): course and element pages. The element preloader, chat, discussion and
 * course action buttons join the rail as their capabilities land.
 */
export default function DefaultLayout() {
  return (
    <Shell>
      <Outlet />
      <ElementPreloader />
    </Shell>
  );
}
