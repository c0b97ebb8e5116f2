import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import type { TOpenedElement } from "../../../domain/progress";
import { Icon } from "../../components/ui/icon";

/**
 * The opened-element marker (seed 000 §3-4): where the learner starts, continues, or — once the
 * course is finished — where a second pass begins (the first element).
 */
export function OpenedMarker({ marker, title, href }: { marker: TOpenedElement; title: string; href: string | null }) {
  const { t } = useTranslation("learn");
  const text = t(`marker.${marker.name}`, { type: t(`element.type.${marker.type}`), number: marker.number, title });
  return (
    <p className="flex flex-wrap items-center gap-2 text-ink" data-testid="opened-marker" data-name={marker.name} data-element={marker.id}>
      <Icon name={marker.name === "finished" ? "check" : "arrow-end"} className="size-5 text-primary rtl:-scale-x-100" />
      {href ? (
        <Link to={href} className="font-medium text-primary-strong underline-offset-4 hover:underline">
          {text}
        </Link>
      ) : (
        <span className="font-medium">{text}</span>
      )}
    </p>
  );
}
