import { useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { type ProviderButtonId, providerButtons, providerButtonShape, type TProviders } from "../../../../domain/providers";
import { Checkbox } from "../../../components/ui/checkbox";
import { cn } from "../../../components/ui/cn";
import { AgreeLabel } from "../../policy/policy-link";
import { useMessage } from "./shared";

/** Seed 001 §9: the agreement message shakes for 2.9 s when a blocked social button is pressed. */
export const SHAKE_MS = 2_900;

/**
 * Seed 001 §4 "Mixed login and consent": with the GDPR setting, provider buttons are blocked until
 * the policy agreement box is ticked; pressing one meanwhile shakes the box and says why.
 */
export function useAgreementGate(gdpr: boolean) {
  const [agreed, setAgreed] = useState(!gdpr);
  const [shaking, setShaking] = useState(false);
  const onBlocked = () => {
    setShaking(true);
    setTimeout(() => setShaking(false), SHAKE_MS);
  };
  return { blocked: !agreed, onBlocked, box: gdpr ? <AgreementBox agreed={agreed} onChange={setAgreed} shaking={shaking} /> : null };
}

function AgreementBox({ agreed, onChange, shaking }: { agreed: boolean; onChange: (v: boolean) => void; shaking: boolean }) {
  const message = useMessage();
  return (
    <div className={shaking ? "animate-shake" : undefined} data-testid="gdpr-box">
      <Checkbox label={<AgreeLabel />} checked={agreed} onChange={(e) => onChange(e.target.checked)} />
      {shaking ? (
        <p role="alert" className="mt-1 text-sm font-medium text-danger">
          {message("env.scenario.gdpr.no_check_msg")}
        </p>
      ) : null}
    </div>
  );
}

/** Brand marks, simplified and drawn inline (no requests); decorative: the label names the service. */
const MARKS: Record<ProviderButtonId, { color: string; paths: string[]; fill?: boolean }> = {
  google: { color: "#1a73e8", paths: ["M20 12.2a8 8 0 1 1-2.3-5.8", "M20.5 12H12.5"] },
  facebook: { color: "#1877f2", fill: true, paths: ["M14 8.5h2.5V5H14a4 4 0 0 0-4 4v2H7.5v3.5H10V21h3.5v-6.5H16l.5-3.5h-3V9c0-.3.2-.5.5-.5Z"] },
  whatsapp: { color: "#128c4a", paths: ["M4 20l1.3-4.2A8 8 0 1 1 8.4 19Z", "M9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.8-2.2-1-1 1a4.5 4.5 0 0 1-2.5-2.5l1-1-1-2.2Z"] },
  telegram: { color: "#1c7fb6", paths: ["M21 4 3 11.2l5.6 2.1L18 7.5l-7.4 7.2V20l3.1-3.4 4.3 3.2Z"] },
  viber: {
    color: "#6f3faa",
    paths: [
      "M6 3.5h12a2.5 2.5 0 0 1 2.5 2.5v8A2.5 2.5 0 0 1 18 16.5h-6l-4.5 4v-4H6A2.5 2.5 0 0 1 3.5 14V6A2.5 2.5 0 0 1 6 3.5Z",
      "M9 7.5c0 2.8 2.2 5 5 5l.8-1.4-1.6-.8-.7.7a3 3 0 0 1-1.9-1.9l.7-.7-.8-1.6Z",
    ],
  },
  facebookmessenger: {
    color: "#0866ff",
    paths: [
      "M12 3c5 0 9 3.7 9 8.3s-4 8.2-9 8.2c-.9 0-1.7-.1-2.5-.3L6.4 21v-3.3C4.3 16.2 3 13.9 3 11.3 3 6.7 7 3 12 3Z",
      "m7.5 13.5 3-3.3 2 1.6 4-3.3-3 3.3-2-1.6Z",
    ],
  },
};

function Mark({ id }: { id: ProviderButtonId }) {
  const mark = MARKS[id];
  return (
    <svg viewBox="0 0 24 24" className="size-6 shrink-0" aria-hidden="true" focusable="false" style={{ color: mark.color }}>
      {mark.paths.map((d) => (
        <path
          key={d}
          d={d}
          fill={mark.fill ? "currentColor" : "none"}
          stroke={mark.fill ? "none" : "currentColor"}
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ))}
    </svg>
  );
}

export interface ProviderButtonsProps {
  providers: TProviders;
  /** The same-site address the visitor comes back to (quick_link). */
  returnTo: string;
  lang: string;
  /** The GDPR agreement is not ticked yet: pressing a button only calls `onBlocked`. */
  blocked?: boolean;
  onBlocked?: () => void;
  /** The messenger popups offer messengers only. */
  messengersOnly?: boolean;
}

/**
 * Social and messenger sign-in buttons (seed 001 §6, §9): each navigates the browser to its
 * /auth/... or /connect/... path with quick_link and lang. Square buttons with their label; with
 * more than two they become circles that keep the label for screen readers and as a tooltip.
 */
export function ProviderButtons({ providers, returnTo, lang, blocked = false, onBlocked, messengersOnly }: ProviderButtonsProps) {
  const { t } = useTranslation("social");
  const buttons = providerButtons(providers, { returnTo, lang, messengersOnly });
  if (buttons.length === 0) return null;
  const shape = providerButtonShape(buttons.length);
  const onClick = (e: React.MouseEvent) => {
    if (!blocked) return;
    // A blocked button stays pressable (aria-disabled, not disabled): pressing it explains why.
    e.preventDefault();
    onBlocked?.();
  };
  return (
    <ul
      aria-label={t("buttons.list")}
      data-shape={shape}
      data-testid="provider-buttons"
      className={shape === "circle" ? "flex flex-wrap items-center justify-center gap-3" : "flex flex-col gap-3"}
    >
      {buttons.map((b) => {
        const label = t(`buttons.${b.id}`);
        return (
          <li key={b.id} className={shape === "square" ? "flex flex-col" : undefined}>
            <a
              href={b.href}
              onClick={onClick}
              aria-disabled={blocked || undefined}
              title={shape === "circle" ? label : undefined}
              data-testid={`login-${b.id}`}
              className={cn(
                "inline-flex items-center justify-center border-2 border-line bg-surface font-semibold text-ink transition",
                "hover:border-primary hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
                shape === "square" ? "min-h-11 gap-3 rounded-md px-4 py-2 text-base" : "size-12 rounded-full",
                blocked && "opacity-60",
              )}
            >
              <Mark id={b.id} />
              {shape === "square" ? <span>{label}</span> : <span className="sr-only">{label}</span>}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
