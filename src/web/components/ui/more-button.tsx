import { Button, type ButtonSize } from "./button";

export interface MoreButtonProps {
  /** The next page is on its way: the button waits and says so. */
  busy: boolean;
  onMore(): void;
  label: string;
  busyLabel: string;
  size?: ButtonSize;
  "data-testid"?: string;
}

/** "Load more" under a paged list, centred; it shows the loading text and waits while a page comes. */
export function MoreButton({ busy, onMore, label, busyLabel, size, "data-testid": testId }: MoreButtonProps) {
  return (
    <Button variant="outline" size={size} className="self-center" disabled={busy} onClick={onMore} data-testid={testId}>
      {busy ? busyLabel : label}
    </Button>
  );
}
