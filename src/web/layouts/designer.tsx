import { useTranslation } from "react-i18next";
import { Outlet, useNavigation } from "react-router";

/** designer layout (seed 2.2): a global loading overlay while the next screen loads. */
export default function DesignerLayout() {
  const navigation = useNavigation();
  const { t } = useTranslation("shell");
  return (
    <div className="min-h-screen bg-surface-alt">
      {navigation.state !== "idle" ? (
        <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-surface/70">
          <span className="size-10 animate-spin rounded-full border-4 border-primary border-t-transparent" aria-hidden="true" />
          <span className="sr-only">{t("loading")}</span>
        </div>
      ) : null}
      <main id="main">
        <Outlet />
      </main>
    </div>
  );
}
