import { cn } from "./cn";

export function Card({ className, children, as: Tag = "div" }: { className?: string; children: React.ReactNode; as?: "div" | "article" | "li" }) {
  return <Tag className={cn("rounded-component border border-line bg-surface p-5 shadow-sm", className)}>{children}</Tag>;
}
