import { forwardRef } from "react";
import { Link, type LinkProps } from "react-router";
import { cn } from "./cn";
import { useThemeButtonType } from "./use-theme";

export type ButtonVariant = "gradient" | "flat" | "outline" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  gradient: "text-white bg-gradient-to-r from-primary to-primary-strong rtl:bg-gradient-to-l hover:brightness-110 shadow-sm",
  flat: "text-white bg-primary hover:bg-primary-strong",
  outline: "text-primary-strong border-2 border-primary bg-transparent hover:bg-primary-soft",
  ghost: "text-ink bg-transparent hover:bg-primary-soft",
  // Irreversible actions (account deletion) must not look like the portal's main button.
  danger: "text-white bg-danger hover:brightness-95 disabled:opacity-50 disabled:cursor-not-allowed",
};
const SIZES: Record<ButtonSize, string> = {
  // min-height, not height: translated labels may wrap on phones and must stay inside the button.
  sm: "min-h-9 px-4 py-1.5 text-sm",
  md: "min-h-11 px-[36px] py-2 text-base",
  lg: "min-h-13 px-10 py-2.5 text-lg",
};

export function buttonClass(variant: ButtonVariant = "flat", size: ButtonSize = "md", extra?: string) {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-button text-center font-semibold leading-tight transition",
    "disabled:cursor-not-allowed disabled:opacity-50",
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

export interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** The portal button; without a `variant` it takes the portal theme's button type. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size = "md", className, type = "button", ...rest }, ref) {
  const themed = useThemeButtonType();
  return <button ref={ref} type={type} className={buttonClass(variant ?? themed, size, className)} {...rest} />;
});

export function ButtonLink({ variant, size = "md", className, ...rest }: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  const themed = useThemeButtonType();
  return <Link className={buttonClass(variant ?? themed, size, className)} {...rest} />;
}
