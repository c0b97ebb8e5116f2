import { cn } from "../../components/ui/cn";

/** An address we may put in an img: our own path or http(s). Anything else (javascript:, data:) draws the initial instead. */
export function safeImageUrl(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}

/**
 * A person's picture, or the first letter of their name on a tinted disc. Decorative: the name is
 * always written next to it.
 */
export function PersonAvatar({ name, url, className = "size-10" }: { name: string; url: string | null; className?: string }) {
  const src = safeImageUrl(url);
  if (src) return <img src={src} alt="" className={cn("shrink-0 rounded-full object-cover", className)} loading="lazy" />;
  const initial = Array.from(name.trim())[0]?.toLocaleUpperCase() ?? "?";
  return (
    <span
      aria-hidden="true"
      className={cn("inline-flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-strong", className)}
    >
      {initial}
    </span>
  );
}
