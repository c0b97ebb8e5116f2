import type { TDigestPeriod } from "../../../domain/discussion-digest";
import { escapeHtml, type LetterDeps, type LetterTexts, mailPack, sendLetter } from "../../platform/letters";

/** This module's texts in the mail pack. */
export interface DiscussionMailPack {
  discussion: {
    digest: LetterTexts;
    /** How often the letter comes, completing "You get this letter …". */
    period: Record<Exclude<TDigestPeriod, "off">, string>;
    /** Marks a reply (as opposed to a new post). */
    reply: string;
    /** Posts beyond those listed: `{{count}}`. */
    more: string;
  };
}

/** One element's news: "Course · Element", its page (with ?discussion=), the posts. */
export interface DigestGroup {
  heading: string;
  link: string;
  posts: Array<{ author: string; excerpt: string; reply: boolean }>;
}

export interface DigestLetter {
  to: string;
  lang: string;
  name: string;
  period: Exclude<TDigestPeriod, "off">;
  /** All new posts, listed or not. */
  count: number;
  groups: DigestGroup[];
  /** Posts left out of the list (a letter stays readable). */
  more: number;
  /** The profile page, where the choice is changed. */
  profile: string;
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");

/**
 * The discussion digest (issue 14 "beyond peers", docs/decisions/0044): one letter listing the new
 * posts of the threads a person follows, grouped by element. Post texts are people's input: the text
 * part carries them as typed, the html part only through escapeHtml.
 */
export function createDiscussionLetters(deps: Pick<LetterDeps, "mailer" | "packs">) {
  return {
    async digest(d: DigestLetter): Promise<void> {
      const pack = (await mailPack<DiscussionMailPack>(deps.packs, d.lang)).discussion;
      const who = (p: DigestGroup["posts"][number]) => (p.reply ? `${p.author} (${pack.reply})` : p.author);
      const more = d.more > 0 ? fill(pack.more, { count: String(d.more) }) : "";
      const text = d.groups.map((g) => [g.heading, g.link, ...g.posts.map((p) => `  ${who(p)}: ${p.excerpt}`)].join("\n")).join("\n\n");
      const html = d.groups
        .map(
          (g) =>
            `<h3 style="margin:16px 0 4px"><a href="${escapeHtml(g.link)}">${escapeHtml(g.heading)}</a></h3><ul style="margin:0;padding-inline-start:20px">${g.posts
              .map((p) => `<li><strong>${escapeHtml(who(p))}</strong>: ${escapeHtml(p.excerpt)}</li>`)
              .join("")}</ul>`,
        )
        .join("");
      await sendLetter(
        deps.mailer,
        d.to,
        pack.digest,
        { name: d.name, count: String(d.count), items: more ? `${text}\n\n${more}` : text, period: pack.period[d.period], profile: d.profile },
        { items: more ? `${html}<p>${escapeHtml(more)}</p>` : html },
      );
    },
  };
}
export type DiscussionLetters = ReturnType<typeof createDiscussionLetters>;
