import { cn } from "./cn";
import { Icon, type IconName } from "./icon";

const TONES = {
  info: { cls: "border-primary/40 bg-primary-soft text-ink", icon: "info" },
  success: { cls: "border-success/40 bg-success/10 text-ink", icon: "check" },
  warning: { cls: "border-warning/40 bg-warning/10 text-ink", icon: "alert" },
  danger: { cls: "border-danger/40 bg-danger/10 text-ink", icon: "alert" },
} satisfies Record<string, { cls: string; icon: IconName }>;

/** Inline message; danger and warning are announced to screen readers as they appear. */
export function Alert({ tone = "info", title, children }: { tone?: keyof typeof TONES; title?: string; children?: React.ReactNode }) {
  const t = TONES[tone];
  return (
    <div role={tone === "danger" || tone === "warning" ? "alert" : "status"} className={cn("flex gap-3 rounded-component border p-4", t.cls)}>
      <Icon name={t.icon} className="mt-0.5 size-5 shrink-0" />
      <div>
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="text-sm">{children}</div> : null}
      </div>
    </div>
  );
}
