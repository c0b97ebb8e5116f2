import * as DropdownPrimitive from "@radix-ui/react-dropdown-menu";
import { useRef } from "react";
import { cn } from "./cn";

export interface DropdownOption {
  value: string;
  label: string;
  /** BCP-47 language of the label, so screen readers pronounce it right. */
  lang?: string;
}

export interface DropdownProps {
  trigger: React.ReactElement;
  options: DropdownOption[];
  value?: string;
  onSelect(value: string): void;
  emptyText: string;
  align?: "start" | "end";
}

/**
 * The menu itself (Radix), loaded the first time a dropdown opens (dropdown.tsx). It mounts open:
 * `openedBy` says how, so that a keyboard opening puts the focus on the first option as Radix does.
 */
export default function DropdownMenu({
  trigger,
  options,
  value,
  onSelect,
  emptyText,
  align = "end",
  openedBy,
}: DropdownProps & { openedBy: "pointer" | "keyboard" }) {
  // Radix learns that the keyboard is in use from a keydown after it mounted; this first opening's
  // key came before, so the first option gets the focus here, as it would from Radix.
  const focusFirst = useRef(openedBy === "keyboard");
  return (
    <DropdownPrimitive.Root modal={false} defaultOpen>
      <DropdownPrimitive.Trigger asChild>{trigger}</DropdownPrimitive.Trigger>
      <DropdownPrimitive.Portal>
        <DropdownPrimitive.Content
          align={align}
          sideOffset={6}
          className="z-50 min-w-44 rounded-component border border-line bg-surface p-1.5 shadow-lg"
          onFocus={(event) => {
            if (!focusFirst.current || event.target !== event.currentTarget) return;
            focusFirst.current = false;
            event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
          }}
        >
          {options.length === 0 ? (
            <div className="px-3 py-2 text-sm text-muted">{emptyText}</div>
          ) : (
            options.map((o) => (
              <DropdownPrimitive.Item
                key={o.value}
                lang={o.lang}
                onSelect={() => onSelect(o.value)}
                className={cn(
                  "flex cursor-pointer items-center justify-between gap-3 rounded-xl px-3 py-2 text-ink outline-none data-[highlighted]:bg-primary-soft",
                  o.value === value && "font-semibold text-primary-strong",
                )}
              >
                {o.label}
                {o.value === value ? <span aria-hidden="true">✓</span> : null}
              </DropdownPrimitive.Item>
            ))
          )}
        </DropdownPrimitive.Content>
      </DropdownPrimitive.Portal>
    </DropdownPrimitive.Root>
  );
}
