import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { useLocation, useNavigate } from "react-router";
import { COOKIES } from "../../../domain/constants";
import { switchLangPath } from "../../../domain/lang-redirect";
import { Dropdown } from "../../components/ui/dropdown";
import { Icon } from "../../components/ui/icon";
import { writeBrowserCookie } from "../../cookies";
import { ensureLanguagePacks } from "../../i18n/fetch-packs";
import { BoundedCache } from "../../../domain/bounded-cache";
import { displayNames } from "../../../domain/intl";

const endonyms = new BoundedCache<string, string>(64);

/** A language's name in that language (e.g. "Türkçe"), from the browser's own locale data; worked out once per code. */
export function endonym(code: string): string {
  let name = endonyms.get(code);
  if (name === undefined) {
    try {
      const own = displayNames(code, { type: "language" }).of(code) ?? code;
      name = own.charAt(0).toLocaleUpperCase(code) + own.slice(1);
    } catch {
      name = code;
    }
    endonyms.set(code, name);
  }
  return name;
}

/**
 * Seed 2.1/2.2: shown only with more than one language. Switching loads the packs first; when none
 * loads, the locale stays as it is. Then the cookie is stored and the first path segment rewritten.
 */
export function LanguageSwitcher({ langs, current }: { langs: string[]; current: string }) {
  const { t } = useTranslation("shell");
  const navigate = useNavigate();
  const location = useLocation();
  const [failed, setFailed] = useState(false);
  if (langs.length <= 1) return null;

  async function choose(lang: string) {
    if (lang === current) return;
    setFailed(false);
    if (!(await ensureLanguagePacks(lang))) {
      setFailed(true);
      return;
    }
    writeBrowserCookie(COOKIES.lang, lang);
    navigate(switchLangPath(location.pathname, location.search, location.hash, lang));
  }

  return (
    <div className="relative">
      <Dropdown
        value={current}
        emptyText={t("dropdown.empty")}
        onSelect={choose}
        options={langs.map((l) => ({ value: l, label: endonym(l), lang: l }))}
        trigger={
          <button
            type="button"
            className="inline-flex h-10 items-center gap-2 rounded-button border border-line px-3 text-sm font-medium text-ink hover:bg-surface-alt"
            aria-label={t("language.label", { language: endonym(current) })}
            data-testid="language-switcher"
          >
            <Icon name="globe" className="size-4" />
            <span lang={current}>{current.toUpperCase()}</span>
            <Icon name="chevron-down" className="size-4" />
          </button>
        }
      />
      {failed ? (
        <p role="alert" className="absolute end-0 top-12 w-56 rounded-xl bg-danger px-3 py-2 text-sm text-white">
          {t("language.failed")}
        </p>
      ) : null}
    </div>
  );
}
