import { useRef, useState } from "react";
import { safeHref } from "../../../domain/blocks/safe-url";
import type { TMediaKind } from "../../../domain/media";
import { Button } from "../../components/ui/button";
import { Icon, type IconName } from "../../components/ui/icon";
import { TextField } from "../../components/ui/text-field";
import { useTranslation } from "../../i18n/use-translation";
import { MediaPicker } from "./media-picker";

const KIND_ICON: Record<TMediaKind, IconName> = { image: "file", audio: "music", video: "play", file: "file" };

export interface MediaUrlFieldProps {
  id: string;
  label: string;
  /** The file the field holds: the kind the library is filtered by and the uploads are taken of. */
  kind: TMediaKind;
  value: string;
  onChange(next: string): void;
  error?: string;
  /**
   * Written names of the buttons, the preview and the picker, when the label alone does not say what the
   * file is (a cover per language: "Choose or upload the cover for Turkish", not "… a file for “Turkish”").
   */
  names?: { choose: string; clear: string; preview: string; pickerTitle: string };
  /** A line under the label (what the address is used for). */
  hint?: string;
  required?: boolean;
}

/** The last part of an address, what the author recognises a file by ("a1b2….pdf", "intro.mp4"). */
function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  return decodeURIComponent(path.slice(path.lastIndexOf("/") + 1)) || url;
}

/**
 * A field holding the address of a file (issue 15, decision 0052): the address itself, still typed or
 * pasted by hand, a preview of the current value (a thumbnail for an image, the file's name otherwise),
 * a button opening the media picker (choose from the library filtered by kind, or upload a new file)
 * and one clearing the value. The form generator gives it to every field its schema marks as media.
 */
export function MediaUrlField({ id, label, kind, value, onChange, error, hint, required, names }: MediaUrlFieldProps) {
  const { t } = useTranslation("studio");
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLButtonElement>(null);
  // Only an address a block could render is previewed: never javascript: or data:.
  const href = safeHref(value);
  return (
    <div className="flex flex-col gap-2" data-testid="media-url-field" data-media-kind={kind}>
      <TextField
        ref={input}
        id={id}
        label={label}
        hint={hint}
        error={error}
        required={required}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode="url"
        dir="ltr"
      />
      <div className="flex flex-wrap items-center gap-3">
        {href ? (
          kind === "image" ? (
            <img
              src={href}
              alt={names?.preview ?? t("media.field.preview", { label })}
              loading="lazy"
              className="h-16 w-24 rounded-component border border-line bg-surface-alt object-cover"
              data-testid="media-url-preview"
            />
          ) : (
            <span className="inline-flex max-w-60 items-center gap-2 text-sm text-muted" data-testid="media-url-preview">
              <Icon name={KIND_ICON[kind]} className="size-5 shrink-0" />
              <span className="truncate" dir="ltr">
                {fileNameOf(href)}
              </span>
            </span>
          )
        ) : null}
        <Button
          ref={chooser}
          variant="outline"
          size="sm"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          aria-label={names?.choose ?? t("media.field.chooseFor", { label })}
          data-testid="media-url-choose"
        >
          <Icon name="upload" className="size-4" />
          {t("media.field.choose")}
        </Button>
        {value ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              onChange("");
              // The button goes away with the value: the keyboard goes on from the address.
              input.current?.focus();
            }}
            aria-label={names?.clear ?? t("media.field.clearFor", { label })}
            data-testid="media-url-clear"
          >
            <Icon name="close" className="size-4" />
            {t("media.field.clear")}
          </Button>
        ) : null}
      </div>
      <MediaPicker
        open={open}
        onOpenChange={setOpen}
        kind={kind}
        title={names?.pickerTitle ?? t("media.field.pickerTitle", { label })}
        onPick={(url) => onChange(url)}
        returnFocus={chooser}
      />
    </div>
  );
}
