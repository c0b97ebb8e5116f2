import { safeHref } from "../../../domain/blocks/safe-url";
import type { BlockOf } from "./types";

/** A person: photo, name, role and a short biography. */
export function PersonBlock({ block }: { block: BlockOf<"person"> }) {
  const { name, role, bio, photo } = block.props;
  const src = safeHref(photo?.src);
  return (
    <article className="mx-auto flex max-w-3xl flex-col items-center gap-6 text-center sm:flex-row sm:items-start sm:text-start" data-testid="person">
      {src ? (
        <img src={src} alt={photo?.alt ?? ""} width={160} height={160} loading="lazy" className="size-40 shrink-0 rounded-full bg-primary-soft object-cover" />
      ) : null}
      <div className="flex flex-col gap-2">
        <h2 className="font-title text-2xl font-bold text-ink">{name}</h2>
        {role ? <p className="font-medium text-primary-strong">{role}</p> : null}
        {bio ? <p className="whitespace-pre-line text-ink">{bio}</p> : null}
      </div>
    </article>
  );
}
