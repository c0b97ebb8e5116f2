import { useTranslation } from "../i18n/use-translation";
import { Outlet, useNavigation } from "react-router";
import { Spinner } from "../components/ui/spinner";

/** designer layout (seed 2.2): a global loading overlay while the next screen loads. */
export default function DesignerLayout() {
  const navigation = useNavigation();
  const { t } = useTranslation("shell");
  return (
    <div className="min-h-screen bg-surface-alt">
      {navigation.state !== "idle" ? (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-surface/70">
          <Spinner label={t("loading")} className="size-10" />
        </div>
      ) : null}
      <main id="main">
        <Outlet />
      </main>
    </div>
  );
}
