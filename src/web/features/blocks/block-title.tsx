import { cn } from "../../components/ui/cn";

/** The heading a block opens with (page h1 is the page title, so blocks start at h2). */
export function BlockTitle({ children, id, className, flush = false }: { children: React.ReactNode; id?: string; className?: string; flush?: boolean }) {
  return (
    <h2 id={id} className={cn("font-title text-2xl font-bold text-ink sm:text-3xl", !flush && "mb-4", className)}>
      {children}
    </h2>
  );
}

/** Links leaving the site open in a new tab; same-site paths stay in it. */
export function isExternal(href: string): boolean {
  return !href.startsWith("/");
}
