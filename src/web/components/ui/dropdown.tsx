import * as DropdownPrimitive from "@radix-ui/react-dropdown-menu";
import { cn } from "./cn";

export interface DropdownOption {
  value: string;
  label: string;
  /** BCP-47 language of the label, so screen readers pronounce it right. */
  lang?: string;
}

/** A menu of options; the empty text is the seed's 'Sorry, no matching options' from the pack. */
export function Dropdown({
  trigger,
  options,
  value,
  onSelect,
  emptyText,
  align = "end",
}: {
  trigger: React.ReactNode;
  options: DropdownOption[];
  value?: string;
  onSelect(value: string): void;
  emptyText: string;
  align?: "start" | "end";
}) {
  return (
    <DropdownPrimitive.Root modal={false}>
      <DropdownPrimitive.Trigger asChild>{trigger}</DropdownPrimitive.Trigger>
      <DropdownPrimitive.Portal>
        <DropdownPrimitive.Content align={align} sideOffset={6} className="z-50 min-w-44 rounded-component border border-line bg-surface p-1.5 shadow-lg">
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
