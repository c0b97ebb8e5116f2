import { useState } from "react";
import { ELEMENT_TYPES } from "../../../domain/element";
import { ZMicrocourseCreate } from "../../../domain/studio-microcourses";
import { ZVideoEventCreate } from "../../../domain/studio-video-events";
import { SelectField } from "../../components/ui/select-field";
import type { ApiResult } from "../../lib/api";
import { useTranslation } from "../../i18n/use-translation";
import { useLang } from "../../root-data";
import { optionLabel } from "./field-label";
import { NewItemForm } from "./new-item-form";

/**
 * A new microcourse or video event: its address, its title in the language the author picks (and a
 * microcourse's type); the rest is set on its own page, which opens at once.
 */
export function NewEntityForm({
  kind,
  primaryLang,
  create,
}: {
  kind: "microcourse" | "videoEvent";
  primaryLang: string;
  create: (body: { id: string; title: Record<string, string>; type?: string }) => Promise<ApiResult<{ id: string }>>;
}) {
  const { t } = useTranslation("studio");
  const lang = useLang();
  const [type, setType] = useState<string>(ELEMENT_TYPES[0]);
  const base = kind === "microcourse" ? "microcourses" : "video-events";
  return (
    <NewItemForm
      keyName="id"
      schema={kind === "microcourse" ? ZMicrocourseCreate : ZVideoEventCreate}
      body={(id, title) => ({ id, title, ...(kind === "microcourse" ? { type } : {}) })}
      create={(body) => create(body as { id: string; title: Record<string, string>; type?: string })}
      href={(created) => `/${lang}/studio/${base}/${encodeURIComponent(created.id)}`}
      primaryLang={primaryLang}
      texts={{
        heading: t(`${kind}s.new`),
        key: t(`${kind}s.id`),
        keyHint: t("newCourse.idHint"),
        keyFormat: t("newCourse.idFormat"),
        create: t(`${kind}s.create`),
        creating: t("newCourse.creating"),
      }}
      titleLabel={(language) => t("newCourse.courseTitle", { language })}
      testIds={{ form: "new-entity", key: "new-entity-id", title: "new-entity-title", create: "new-entity-create" }}
    >
      {kind === "microcourse" ? (
        <SelectField
          label={t("fields.type")}
          name="type"
          placeholder={t("choose")}
          value={type}
          onChange={(e) => setType(e.target.value)}
          options={ELEMENT_TYPES.map((v) => ({ value: v, label: optionLabel(t, v) }))}
        />
      ) : null}
    </NewItemForm>
  );
}
