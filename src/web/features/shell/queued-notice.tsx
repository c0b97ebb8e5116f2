import { Icon } from "../../components/ui/icon";

/**
 * A notice of the popup queue (popup-queue.ts): non-modal, in the page's flow (it covers nothing),
 * announced politely as a status, closed by its button.
 */
export function QueuedNotice({
  testId,
  title,
  closeLabel,
  onClose,
  children,
}: {
  testId: string;
  title: string;
  closeLabel: string;
  onClose(): void;
  children?: React.ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-3">
      <section
        role="status"
        aria-live="polite"
        aria-label={title}
        data-testid={testId}
        className="flex items-start gap-4 rounded-component border border-success/40 bg-success/10 p-4 text-ink"
      >
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-4">{children}</div>
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-ink hover:bg-surface-alt"
        >
          <Icon name="close" />
        </button>
      </section>
    </div>
  );
}
