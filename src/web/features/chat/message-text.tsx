import { linkify } from "./linkify";

/**
 * A participant's text: React text nodes and, for http(s) URLs only, anchors that open in a new tab
 * without handing over the opener or the referrer. Never HTML (issue 12).
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((part, i) =>
        part.kind === "text" ? (
          part.text
        ) : (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className="underline underline-offset-2 [overflow-wrap:anywhere]">
            {part.text}
          </a>
        ),
      )}
    </>
  );
}
