import { lazy, Suspense } from "react";
import type { TBlockType } from "../../../../domain/page";
import { TextArea } from "../../../components/ui/text-area";
import type { CustomEditorProps, CustomEditors } from "../form-context";

/** TipTap comes in its own chunk, fetched when the designer first shows a rich text (never with public pages). */
const RichTextEditor = lazy(() => import("./rich-text-editor"));

/** A rich text: the plain text area stands in while the editor loads (and on the server). */
function RichTextField(props: CustomEditorProps & { lang?: string; dir?: string }) {
  const fallback = (
    <TextArea
      id={props.id}
      label={props.label}
      error={props.error}
      lang={props.lang}
      dir={props.dir}
      value={typeof props.value === "string" ? props.value : ""}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** The fields that are rich text (HTML) by block type: a text block's `html` (an embed's is code, not text). */
const RICH_TEXT_FIELDS: Partial<Record<TBlockType, readonly string[]>> = { text: ["html"] };

/** The designer's custom editors for one block type in one language column (memoise: each call makes a new component). */
export function richTextEditors(type: TBlockType, lang: string, dir: string): CustomEditors | undefined {
  const fields = RICH_TEXT_FIELDS[type];
  if (!fields) return undefined;
  const Editor = (props: CustomEditorProps) => <RichTextField {...props} lang={lang} dir={dir} />;
  return (model) => (fields.includes(model.name) && model.path.length === 1 && (model.kind === "longText" || model.kind === "text") ? Editor : null);
}
