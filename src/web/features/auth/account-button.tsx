import { useTranslation } from "../../i18n/use-translation";
import { useNavigate, useRevalidator } from "react-router";
import { Button } from "../../components/ui/button";
import { Dropdown } from "../../components/ui/dropdown";
import { Icon } from "../../components/ui/icon";
import { isMessengerMethod } from "../../../domain/messenger-ids";
import { linkMethod } from "../../../domain/user";
import { scenarioPopup } from "../scenario/scenario-popup-part";
import { useScenario } from "../scenario/use-scenario";
import { SCENARIO_PACKS } from "../../i18n/page-packs";
import { onIntent } from "../../lib/lazy-part";
import { useLang } from "../../root-data";
import { isMentorViewer } from "../mentor/mentor-roles";
import { useUnreadNotifications } from "../notifications/unread-count";
import { useAuth } from "./use-auth";

/**
 * Guests and session users see "Sign in" (seed 001 §4); signed-in learners their menu, with their
 * notifications and its unread badge (issue 12), and mentors the way to their inbox.
 */
export function AccountButton() {
  const { t, i18n } = useTranslation("shell");
  const { user, signedIn, signOut } = useAuth();
  const scenario = useScenario();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const lang = useLang();
  const unread = useUnreadNotifications(signedIn, user.id);
  if (!signedIn) {
    return (
      <Button
        size="sm"
        onClick={() => scenario.start("login", { returnTo: undefined })}
        data-testid="sign-in"
        {...onIntent(() => Promise.all([scenarioPopup.preload(), i18n.loadNamespaces([...SCENARIO_PACKS])]))}
      >
        <Icon name="user" className="size-4" />
        {t("account.signIn")}
      </Button>
    );
  }
  const name = user.fullName || user.email || t("account.anonymousName");
  return (
    <Dropdown
      value=""
      emptyText=""
      onSelect={async (v) => {
        if (v === "inbox") return void navigate(`/${lang}/mentor/`);
        if (v === "notifications") return void navigate(`/${lang}/profile/Notifications/NotificationsPage`);
        if (v === "complete-profile") return void scenario.start("profile-fill");
        if (v === "delete-account") {
          // Proving who you are uses the way you signed in: a messenger account confirms by messenger.
          const byMessenger = user.links.some((l) => isMessengerMethod(linkMethod(l))) && !user.email;
          return void scenario.start(byMessenger ? "user-terminate-by-messenger" : "user-terminate-by-email");
        }
        if (v !== "sign-out") return;
        await signOut();
        revalidator.revalidate();
      }}
      options={[
        ...(isMentorViewer(user.roles) ? [{ value: "inbox", label: t("account.inbox") }] : []),
        { value: "notifications", label: unread > 0 ? t("account.notificationsUnread", { count: unread }) : t("account.notifications") },
        ...(user.complete ? [] : [{ value: "complete-profile", label: t("account.completeProfile") }]),
        { value: "delete-account", label: t("account.deleteAccount") },
        { value: "sign-out", label: t("account.signOut") },
      ]}
      trigger={
        <button
          type="button"
          data-testid="account-menu"
          aria-label={unread > 0 ? t("account.menuUnread", { name, count: unread }) : t("account.menu", { name })}
          className="relative inline-flex h-10 max-w-44 items-center gap-2 rounded-button border border-line px-3 text-sm font-medium text-ink hover:bg-surface-alt"
        >
          <Icon name="user" className="size-4 shrink-0" />
          <span className="truncate">{name}</span>
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="account-unread"
              className="absolute -end-2 -top-2 inline-flex min-w-5 items-center justify-center rounded-full bg-danger px-1.5 text-xs leading-5 font-bold text-white"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </button>
      }
    />
  );
}
