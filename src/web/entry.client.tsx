import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { BLOCKS } from "./features/blocks/registry";
import { addShippedPacks } from "./i18n/browser";
import { retryRouterReads } from "./lib/retry-router-reads";
import { INTERACTION_QUEUE_STORAGE_KEY } from "../domain/results-constants";

/** The block types the server rendered into this page (PageRenderer marks each block's section). */
function blockTypesInPage(): string[] {
  return [...document.querySelectorAll("section[data-block]")].map((el) => el.getAttribute("data-block") ?? "");
}

/**
 * React Router's default browser entry, except that hydration waits for the component modules and
 * the language packs of the blocks on the page (they are fetched per type, docs/decisions/0020-lean-client.md):
 * the page then hydrates whole, and an early click on a block is handled like any other. A block module
 * that fails to load does not hold the page back; its block shows the error screen when it renders.
 */
retryRouterReads();
const types = blockTypesInPage();
void Promise.all([Promise.resolve(BLOCKS.pending(types)).catch(() => undefined), addShippedPacks(BLOCKS.packs(types))]).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});

/** Interaction results queued on an earlier page or visit go out now (seed 000 §4), loading the sender only then. */
function resumeInteractionResults() {
  let queued = false;
  try {
    queued = (localStorage.getItem(INTERACTION_QUEUE_STORAGE_KEY) ?? "[]") !== "[]";
  } catch {
    queued = false;
  }
  if (queued) void import("./features/results/interaction-sender").then((m) => m.interactionSender());
}
resumeInteractionResults();
