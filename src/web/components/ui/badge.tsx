import { cn } from "./cn";

const TONES = {
  primary: "bg-primary-soft text-primary-strong",
  neutral: "bg-surface-alt text-ink",
  success: "bg-success/10 text-success",
  danger: "bg-danger/10 text-danger",
} as const;

export function Badge({ tone = "primary", children }: { tone?: keyof typeof TONES; children: React.ReactNode }) {
  return <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", TONES[tone])}>{children}</span>;
}
