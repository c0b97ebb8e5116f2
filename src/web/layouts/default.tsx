import { Outlet } from "react-router";
import { useChatLauncher } from "../features/chat/chat-launcher";
import { ElementPreloader } from "../features/learning/element-preloader";
import { Shell } from "../features/shell/shell";
import type { PacksHandle } from "../i18n/page-packs";

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["learn"] };

/**
 * default layout (seed 2.2): course and element pages, with the element preloader and the chat button
 * on the floating rail (the chat widget itself loads when first opened). The discussion and course
 * action buttons are the pages' own.
 */
export default function DefaultLayout() {
  const chat = useChatLauncher();
  return (
    <Shell rail={[chat.rail]}>
      <Outlet />
      <ElementPreloader />
      {chat.overlay}
    </Shell>
  );
}
