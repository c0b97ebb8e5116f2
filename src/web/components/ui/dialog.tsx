import * as DialogPrimitive from "@radix-ui/react-dialog";
import { cn } from "./cn";
import { Icon } from "./icon";

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  closeLabel: string;
  /** "center" for popups, "aside" for the side panel popups of seed 2.4 (830 px discussion, scenario). */
  placement?: "center" | "aside";
  width?: number;
  /** What takes focus when it opens (a form's first field); by default its first focusable element, the close button. */
  initialFocus?: React.RefObject<HTMLElement | null>;
  /** Where the focus goes on closing (by default back to what had it before opening). */
  onCloseAutoFocus?(event: Event): void;
  children: React.ReactNode;
}

/** Accessible modal: focus trap, Escape to close, labelled by its title. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  placement = "center",
  width = 600,
  initialFocus,
  onCloseAutoFocus,
  children,
}: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <DialogPrimitive.Content
          style={{ maxWidth: width }}
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            "fixed z-50 flex max-h-[100dvh] w-full flex-col bg-surface shadow-2xl outline-none",
            placement === "center"
              ? "start-1/2 top-1/2 -translate-y-1/2 rounded-component ltr:-translate-x-1/2 rtl:translate-x-1/2 max-sm:inset-x-0 max-sm:bottom-0 max-sm:top-auto max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-b-none"
              : "inset-y-0 end-0",
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={(e) => {
            if (!initialFocus?.current) return;
            e.preventDefault();
            initialFocus.current.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line p-5">
            <div>
              <DialogPrimitive.Title className="font-title text-xl font-bold text-ink">{title}</DialogPrimitive.Title>
              {description ? <DialogPrimitive.Description className="mt-1 text-sm text-muted">{description}</DialogPrimitive.Description> : null}
            </div>
            <DialogPrimitive.Close
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-ink hover:bg-surface-alt"
              aria-label={closeLabel}
            >
              <Icon name="close" />
            </DialogPrimitive.Close>
          </div>
          <div className="overflow-y-auto p-5">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
