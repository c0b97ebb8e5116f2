import { data } from "react-router";
import type { Route } from "./+types/certificate";
import { certificateDate, CERTIFICATE_NUMBER_PATTERN } from "../../domain/certificate";
import { requestViewer } from "../../domain/learning-access";
import { CertificateNotFound, CertificateView } from "../features/certificates/certificate-view";
import { certificatesT } from "../features/certificates/certificates.server";
import { certificatePageMeta } from "../features/certificates/page-meta";
import { orNotFound } from "../features/orders/orders.server";
import type { PacksHandle } from "../i18n/page-packs";

/**
 * /{lang}/certificates/{number} (docs/decisions/0037): anyone holding a number sees whether the
 * certificate is genuine, expired or revoked; its owner also gets the downloads. An unknown or
 * malformed number is a 404 that says so.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { lang, number } = params;
  const t = await certificatesT(context, lang);
  const notFound = () => data({ title: t("page.notFound.title"), number, page: null, dates: null }, { status: 404 });
  if (!CERTIFICATE_NUMBER_PATTERN.test(number)) return notFound();
  const viewer = requestViewer(await context.auth());
  const page = await orNotFound(context.services.certificates.page(viewer, number, lang, context.origin));
  if (!page) return notFound();
  const c = page.certificate;
  const date = (iso: string | null) => (iso ? certificateDate(lang, new Date(iso)) : null);
  return { title: t("page.metaTitle", { number }), number, page, dates: { issued: date(c.issuedAt)!, expires: date(c.expiresAt), revoked: date(c.revokedAt) } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? certificatePageMeta(loaderData.title) : []);

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: ["certificates"] };

export default function Certificate({ loaderData }: Route.ComponentProps) {
  const { page, dates, number } = loaderData;
  return page && dates ? <CertificateView page={page} dates={dates} /> : <CertificateNotFound number={number} />;
}
