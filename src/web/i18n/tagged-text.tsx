import { cloneElement, Fragment } from "react";

const TAG = /<([a-z]+)>([^<]*)<\/\1>/g;

/**
 * A translated text with parts marked by named tags ("Details are in our <policy>cookie policy</policy>."),
 * each tag drawn by its element with the tag's text as children. The packs use only such flat tags,
 * so this stands in for react-i18next's Trans, whose HTML parser every page would otherwise load
 * (docs/decisions/0020-lean-client.md). A tag without an element keeps its text.
 */
export function TaggedText({ text, tags }: { text: string; tags: Record<string, React.ReactElement<{ children?: React.ReactNode }>> }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TAG)) {
    parts.push(text.slice(last, m.index));
    const element = tags[m[1]];
    parts.push(element ? cloneElement(element, { key: m.index }, m[2]) : m[2]);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
