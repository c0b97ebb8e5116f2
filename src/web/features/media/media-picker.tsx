import type { TMedia, TMediaKind } from "../../../domain/media";
import { Dialog } from "../../components/ui/dialog";
import { useTranslation } from "../../i18n/use-translation";
import { MediaLibrary } from "./media-library";

export interface MediaPickerProps {
  /** Controlled: the dialog shows while true. */
  open: boolean;
  onOpenChange(open: boolean): void;
  /**
   * Called with the chosen file's URL (its original: `/media/<sha256>.<ext>`) and the whole item
   * (variants, size, dimensions) when a caller wants more; the dialog then closes.
   */
  onPick(url: string, media: TMedia): void;
  /** Only files of this kind, e.g. "image" for a cover or an image block's src. */
  kind?: TMediaKind;
  /** The dialog's title; "Choose a file" by default. */
  title?: string;
  /**
   * Where the keyboard goes when the dialog closes: the button that opened it. Radix gives focus back
   * only to its own Trigger, which a controlled dialog does not have.
   */
  returnFocus?: React.RefObject<HTMLElement | null>;
}

/**
 * A dialog to choose a file of the media library, or upload one and choose it (issue 15). For form
 * fields holding a media URL (image, cover, src):
 *
 *   const [open, setOpen] = useState(false);
 *   <Button onClick={() => setOpen(true)}>…</Button>
 *   <MediaPicker open={open} onOpenChange={setOpen} kind="image" onPick={(url) => setValue(url)} />
 *
 * Its texts come from the studio pack (the page shipping it lists "studio" in its packs).
 */
export function MediaPicker({ open, onOpenChange, onPick, kind, title, returnFocus }: MediaPickerProps) {
  const { t } = useTranslation("studio");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title ?? t("media.pickerTitle")}
      closeLabel={t("media.close")}
      width={960}
      onCloseAutoFocus={(e) => {
        if (!returnFocus?.current) return;
        e.preventDefault();
        returnFocus.current.focus();
      }}
    >
      <div className="overflow-y-auto p-5" data-testid="media-picker">
        {open ? (
          <MediaLibrary
            kind={kind}
            onPick={(m) => {
              onPick(m.url, m);
              onOpenChange(false);
            }}
          />
        ) : null}
      </div>
    </Dialog>
  );
}
