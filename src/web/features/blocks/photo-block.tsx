import type { BlockOf } from "./types";

export function PhotoBlock({ block }: { block: BlockOf<"photo"> }) {
  const { src, alt, caption, width, height } = block.props;
  return (
    <figure className="mx-auto max-w-4xl">
      <img src={src} alt={alt} width={width} height={height} loading="lazy" className="h-auto w-full rounded-component bg-primary-soft object-cover" />
      {caption ? <figcaption className="mt-3 text-center text-sm text-muted">{caption}</figcaption> : null}
    </figure>
  );
}
