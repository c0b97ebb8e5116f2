import type { ReactNode } from "react";
import { Container } from "../../components/ui/container";
import { StudioHeader } from "../studio/studio-header";

/** A back-office screen: the studio header, then the screen's title and intro above its content. */
export function BackOfficeScreen({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <>
      <StudioHeader />
      <Container className="flex flex-col gap-8 py-8">
        <header className="flex flex-col gap-2">
          <h1 className="font-title text-3xl font-bold text-ink">{title}</h1>
          <p className="text-muted">{intro}</p>
        </header>
        {children}
      </Container>
    </>
  );
}

/** A titled part of a back-office screen: a section named by its h2 (`id` is the heading's). */
export function BackOfficeSection({ id, title, gap = "gap-2", children }: { id: string; title: string; gap?: "gap-2" | "gap-3"; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`flex flex-col ${gap}`}>
      <h2 id={id} className="font-title text-xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A person's page in the back office. */
export const personPath = (lang: string, userId: string) => `/${lang}/studio/users/${encodeURIComponent(userId)}`;
