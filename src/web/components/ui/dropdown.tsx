import { cloneElement, Suspense, useState } from "react";
import { lazyPart, onIntent } from "../../lib/lazy-part";
import type { DropdownProps } from "./dropdown-menu";

export type { DropdownOption, DropdownProps } from "./dropdown-menu";

const menu = lazyPart(() => import("./dropdown-menu"));

type TriggerProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { "data-state"?: string };

/**
 * A menu of options; the empty text is the seed's 'Sorry, no matching options' from the pack.
 *
 * Until it is first opened, only its trigger is on the page, with the attributes a closed Radix
 * trigger has; the menu (Radix, with its positioning and focus handling) is fetched on the way to
 * the first opening (pointer over or focus on the trigger) and mounted open by the press that asks
 * for it: a primary-button pointer down, or Enter, Space or ArrowDown, as Radix opens it
 * (docs/decisions/0020-lean-client.md).
 */
export function Dropdown(props: DropdownProps) {
  const [openedBy, setOpenedBy] = useState<"pointer" | "keyboard" | null>(null);
  const closed = closedTrigger(props.trigger, {});
  if (openedBy) {
    return (
      <Suspense fallback={closed}>
        <menu.Component {...props} openedBy={openedBy} />
      </Suspense>
    );
  }
  const own = props.trigger.props as TriggerProps;
  const intent = onIntent(menu.preload);
  return closedTrigger(props.trigger, {
    onPointerEnter: (e) => {
      own.onPointerEnter?.(e);
      intent.onPointerEnter();
    },
    onFocus: (e) => {
      own.onFocus?.(e);
      intent.onFocus();
    },
    onPointerDown: (e) => {
      own.onPointerDown?.(e);
      if (e.defaultPrevented || own.disabled || e.button !== 0 || e.ctrlKey) return;
      // As Radix does: the press opens the menu and the trigger does not take the focus from it.
      e.preventDefault();
      setOpenedBy("pointer");
    },
    onKeyDown: (e) => {
      own.onKeyDown?.(e);
      if (e.defaultPrevented || own.disabled || !["Enter", " ", "ArrowDown"].includes(e.key)) return;
      e.preventDefault();
      setOpenedBy("keyboard");
    },
  });
}

function closedTrigger(trigger: React.ReactElement, handlers: TriggerProps): React.ReactElement {
  return cloneElement(trigger as React.ReactElement<TriggerProps>, {
    type: "button",
    "aria-haspopup": "menu",
    "aria-expanded": false,
    "data-state": "closed",
    ...handlers,
  });
}
