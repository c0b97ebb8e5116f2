import { cn } from "../../components/ui/cn";

/** The heading a block opens with (page h1 is the page title, so blocks start at h2). */
export function BlockTitle({ children, id, className }: { children: React.ReactNode; id?: string; className?: string }) {
  return (
    <h2 id={id} className={cn("mb-4 font-title text-2xl font-bold text-ink sm:text-3xl", className)}>
      {children}
    </h2>
  );
}

/** Links leaving the site open in a new tab; same-site paths stay in it. */
export function isExternal(href: string): boolean {
  return !href.startsWith("/");
}
