import type { AppLoadContext } from "react-router";
import type { TCourseCertificate } from "../../../domain/certificate";
import type { TCourse } from "../../../domain/course";
import { isAppError } from "../../../domain/errors";
import type { TViewer } from "../../../domain/learning-access";
import { i18nFor } from "../../i18n/instance";

/** The certificates pack's texts for loaders (page titles). */
export async function certificatesT(context: AppLoadContext, lang: string) {
  return i18nFor(lang, await context.services.packs.resources(lang)).getFixedT(lang, "certificates");
}

/**
 * The course page's certificate state: whether the course is finished comes from the elements the
 * loader already read with the learner's states, so this costs one query (the learner's certificate of
 * the course) once the course is finished, and none before, nor for a guest, an anonymous session, a
 * creator preview or a course without a certificate.
 */
export async function courseCertificate(context: AppLoadContext, viewer: TViewer, course: TCourse, lang: string): Promise<TCourseCertificate | null> {
  const elements = course.elements;
  if (viewer.kind !== "user" || course.preview || !elements) return null;
  const finished = elements.length > 0 && elements.every((e) => e.state === "done");
  try {
    const state = await context.services.certificates.forCourse(viewer, course.id, lang, { finished });
    return state.status === "none" ? null : state;
  } catch (e) {
    // An unpublished course (an admin's view) gives no certificate.
    if (isAppError(e, "CERTIFICATE_NOT_OFFERED")) return null;
    throw e;
  }
}
