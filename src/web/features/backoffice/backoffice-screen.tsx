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
