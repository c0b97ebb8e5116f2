import { useState } from "react";
import { Suspense } from "react";
import { Button } from "../../components/ui/button";
import { BlockTitle } from "./block-title";
import { lazyPart, usePreload } from "./lazy";
import type { BlockOf } from "./types";

const popup = lazyPart(() => import("./courses-popup"));

/** Invites to browse courses; the button opens the courses popup with the cards from the props. */
export function CoursesPopupBlock({ block }: { block: BlockOf<"courses-popup"> }) {
  const { title, text, openLabel, courses } = block.props;
  const [open, setOpen] = useState(false);
  usePreload(popup.preload);
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 rounded-component bg-primary-soft px-6 py-10 text-center">
      <BlockTitle className="mb-0">{title}</BlockTitle>
      {text ? <p className="max-w-xl text-lg text-ink">{text}</p> : null}
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
        {openLabel}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <popup.Component open={open} onOpenChange={setOpen} title={title} courses={courses} />
        </Suspense>
      ) : null}
    </div>
  );
}
