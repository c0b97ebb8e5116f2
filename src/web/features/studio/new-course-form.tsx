import { ZCourseCreate } from "../../../domain/studio";
import type { z } from "zod";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { NewItemForm } from "./new-item-form";
import { createCourse } from "./studio-calls";

/** A new course: its address and its title (in the studio's language by default); a created course opens at once. */
export function NewCourseForm({ primaryLang }: { primaryLang: string }) {
  const { t } = useTranslation("studio");
  const lang = useLang();
  return (
    <NewItemForm
      keyName="id"
      schema={ZCourseCreate}
      body={(id, title) => ({ id, title })}
      create={(body) => createCourse(body as z.input<typeof ZCourseCreate>)}
      href={(course) => `/${lang}/studio/courses/${encodeURIComponent(course.id)}`}
      primaryLang={primaryLang}
      texts={{
        heading: t("newCourse.title"),
        key: t("newCourse.id"),
        keyHint: t("newCourse.idHint"),
        keyFormat: t("newCourse.idFormat"),
        create: t("newCourse.create"),
        creating: t("newCourse.creating"),
      }}
      titleLabel={(language) => t("newCourse.courseTitle", { language })}
      testIds={{ form: "new-course", key: "new-course-id", title: "new-course-name", create: "new-course-create" }}
    />
  );
}
