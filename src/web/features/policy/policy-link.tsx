import { lazy, Suspense, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { PolicyCategory } from "../../../domain/policy";
import { TaggedText } from "../../i18n/tagged-text";

// Loaded when first opened: the popup draws page blocks, and page blocks (a form) draw this link.
const PolicyPopup = lazy(() => import("./policy-popup").then((m) => ({ default: m.PolicyPopup })));

/** A link-styled button that opens one policy in the terms popup. */
export function PolicyLink({ category, children }: { category: PolicyCategory; children?: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="font-semibold text-primary-strong underline underline-offset-2"
        data-policy-link={category}
        onClick={(e) => {
          // Inside a <label>: opening the document must not tick the box.
          e.preventDefault();
          e.stopPropagation();
          setOpened(true);
          setOpen(true);
        }}
      >
        {children}
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <PolicyPopup open={open} onOpenChange={setOpen} category={category} />
        </Suspense>
      ) : null}
    </>
  );
}

/** "I accept the terms of use and the privacy policy", each document opening in the terms popup. */
export function AgreeLabel() {
  const { t } = useTranslation("policy");
  return <TaggedText text={t("agree")} tags={{ terms: <PolicyLink category="terms-of-use" />, privacy: <PolicyLink category="privacy-policy" /> }} />;
}

/** The cookie notice's pointer to the cookie policy. */
export function CookiePolicyNote() {
  const { t } = useTranslation("policy");
  return <TaggedText text={t("notice.more")} tags={{ policy: <PolicyLink category="cookie-policy" /> }} />;
}
