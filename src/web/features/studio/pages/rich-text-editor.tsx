import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import type { CustomEditorProps } from "../form-context";
import { OWN_HISTORY_ATTR } from "./history";

/**
 * The rich-text editor of the designer (TipTap, issue 15): fetched only by the studio's designer
 * (rich-text-field.tsx loads it lazily), never with a public page. It writes HTML; the server sanitises
 * it on save and the preview sanitises it before drawing it.
 */
export default function RichTextEditor({ value, onChange, id, label, error, lang, dir }: CustomEditorProps & { lang?: string; dir?: string }) {
  const { t } = useTranslation("studio");
  const html = typeof value === "string" ? value : "";
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: html,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        // Ctrl+Z and its kin here are TipTap's history, not the designer's page-level undo (history.ts).
        [OWN_HISTORY_ATTR]: "true",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        ...(error ? { "aria-invalid": "true", "aria-describedby": `${id}-error` } : {}),
        ...(lang ? { lang } : {}),
        ...(dir ? { dir } : {}),
        class: "prose-mentora min-h-32 rounded-b-component border border-line bg-surface p-3 text-ink focus:outline-2 focus:outline-primary",
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  // Another value from outside (undo, another block): the editor follows it without a loop.
  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.getHTML() !== html && !(editor.isEmpty && html === "")) {
      // Not a step of TipTap's own history: a page-level undo is not something Ctrl+Z in the text should take back.
      editor.chain().setMeta("addToHistory", false).setContent(html, { emitUpdate: false }).run();
    }
  }, [editor, html]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive("bold") ?? false,
      italic: e?.isActive("italic") ?? false,
      h2: e?.isActive("heading", { level: 2 }) ?? false,
      bullet: e?.isActive("bulletList") ?? false,
      ordered: e?.isActive("orderedList") ?? false,
    }),
  });
  const tool = (key: keyof NonNullable<typeof active>, labelKey: string, run: () => void) => (
    <button
      type="button"
      aria-pressed={active?.[key] ?? false}
      onClick={run}
      disabled={!editor}
      className="rounded px-2 py-1 text-sm font-semibold text-ink hover:bg-surface-alt aria-pressed:bg-primary-soft aria-pressed:text-primary-strong"
    >
      {t(labelKey)}
    </button>
  );
  return (
    <div className="flex flex-col gap-1" data-testid="rich-text">
      <span id={`${id}-label`} className="text-sm font-medium text-ink">
        {label}
      </span>
      <div
        role="toolbar"
        aria-label={t("richText.toolbar", { label })}
        className="flex flex-wrap gap-1 rounded-t-component border border-b-0 border-line bg-surface-alt p-1"
      >
        {tool("bold", "richText.bold", () => editor?.chain().focus().toggleBold().run())}
        {tool("italic", "richText.italic", () => editor?.chain().focus().toggleItalic().run())}
        {tool("h2", "richText.heading", () => editor?.chain().focus().toggleHeading({ level: 2 }).run())}
        {tool("bullet", "richText.bulletList", () => editor?.chain().focus().toggleBulletList().run())}
        {tool("ordered", "richText.orderedList", () => editor?.chain().focus().toggleOrderedList().run())}
      </div>
      <EditorContent editor={editor} />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
