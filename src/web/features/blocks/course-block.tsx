import { CourseCard } from "./course-card";
import type { BlockOf } from "./types";

/** A course promoted on a page: its card, wide. */
export function CourseBlock({ block }: { block: BlockOf<"course"> }) {
  return (
    <div className="mx-auto max-w-4xl">
      <CourseCard course={block.props} layout="wide" headingLevel={2} />
    </div>
  );
}
