import { useTranslation } from "../i18n/use-translation";
import { Link, useNavigate } from "react-router";
import { isAppError } from "../../domain/errors";
import { isPolicyCategory, policyPath } from "../../domain/policy";
import type { Route } from "./+types/policy";
import { Icon } from "../components/ui/icon";
import { errorLang, throwNotFound } from "../features/errors/error-pages.server";
import { PolicyView } from "../features/policy/policy-view";
import { pageSeoMeta } from "../features/seo/meta";
import { BLOCK_PACKS, type PacksHandle } from "../i18n/page-packs";

/**
 * /{lang}/{type}/ for type privacy-policy, terms-of-use, cookie-policy (and the mentor categories):
 * the route named privacy-policy in seed 000 §2.1. Any other single segment is not found.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const notFound = async () => throwNotFound(context, await errorLang(context, request, params.lang));
  if (!isPolicyCategory(params.type)) return notFound();
  let policy;
  try {
    policy = await context.services.policies.get(params.type, params.lang);
  } catch (e) {
    if (isAppError(e, "PAGE_NOT_FOUND", "UNSUPPORTED_LANG")) return notFound();
    throw e;
  }
  const settings = await context.settings();
  const origin = context.origin;
  const { page } = policy;
  return {
    policy,
    // One address per document: /en/privacy-policy and /en/privacy-policy/ are the same page.
    seo: pageSeoMeta("page", page, { url: `${origin}${policyPath(params.lang, policy.category)}`, lang: params.lang, settings }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.seo ?? [];

/** The language packs this screen adds to the page's (docs/decisions/0020-lean-client.md). */
export const handle: PacksHandle = { packs: [...BLOCK_PACKS] };

export default function PolicyPage({ loaderData, params }: Route.ComponentProps) {
  const { policy } = loaderData;
  const { t } = useTranslation("policy");
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-8">
      <Link to={`/${params.lang}/`} className="inline-flex items-center gap-2 self-start text-sm font-medium text-primary-strong hover:underline">
        <Icon name="arrow-start" className="size-4 rtl:-scale-x-100" />
        {t(`back.${policy.type}`)}
      </Link>
      <PolicyView policy={policy} lang={params.lang} mode="route" heading onSelect={(c) => navigate(policyPath(params.lang, c))} />
    </div>
  );
}
