import { Suspense, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { BlockTitle } from "./block-title";
import { lazyPart, onIntent } from "../../lib/lazy-part";
import type { BlockOf } from "./types";

const popup = lazyPart(() => import("./courses-popup"));

/** Invites to browse courses; the button opens the courses popup with the cards from the props. */
export function CoursesPopupBlock({ block }: { block: BlockOf<"courses-popup"> }) {
  const { title, text, openLabel, courses } = block.props;
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // The popup unmounts when closed; the focus goes back to the button that opened it.
    if (!next) requestAnimationFrame(() => trigger.current?.focus());
  };
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 rounded-component bg-primary-soft px-6 py-10 text-center">
      <BlockTitle flush>{title}</BlockTitle>
      {text ? <p className="max-w-xl text-lg text-ink">{text}</p> : null}
      <Button ref={trigger} onClick={() => setOpen(true)} aria-haspopup="dialog" {...onIntent(popup.preload)}>
        {openLabel}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <popup.Component open={open} onOpenChange={onOpenChange} title={title} courses={courses} />
        </Suspense>
      ) : null}
    </div>
  );
}
