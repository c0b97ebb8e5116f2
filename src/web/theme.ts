import type { TTheme, TThemeColor } from "../domain/portal";

/** Each theme colour as [base, strong, soft] shades; contrast of base on white is at least 4.5:1. */
export const THEME_PALETTE: Record<TThemeColor, [string, string, string]> = {
  blue: ["#1d5fd1", "#143f8f", "#e8f0fd"],
  green: ["#17803d", "#0f5a2a", "#e6f5ec"],
  purple: ["#6d3fc8", "#4b2690", "#f0eafb"],
  orange: ["#b94f0b", "#843605", "#fdf0e6"],
  red: ["#c0262d", "#87161b", "#fdeaea"],
  teal: ["#0f7677", "#0a5354", "#e5f4f4"],
};

/** After the theme's font: system fonts, with Arabic-script coverage for ar, fa, ku, kab. */
const FONT_STACK = 'system-ui, "Noto Sans", "Noto Sans Arabic", "Segoe UI", Tahoma, Roboto, Arial, sans-serif';

/** CSS custom properties that the design system reads; set on <html> from the portal theme. */
export function themeVariables(theme: TTheme): Record<string, string> {
  const [base, strong, soft] = THEME_PALETTE[theme.color] ?? THEME_PALETTE.blue;
  const font = (f?: { name: string }) => (f ? `"${f.name.replace(/"/g, "")}", ` : "");
  return {
    "--theme-primary": base,
    "--theme-primary-strong": strong,
    "--theme-primary-soft": soft,
    "--theme-radius-component": `${theme.componentBorderRadius}px`,
    "--theme-radius-button": `${theme.button.borderRadius}px`,
    "--theme-font-text": `${font(theme.textFont)}${FONT_STACK}`,
    "--theme-font-title": `${font(theme.titleFont)}${FONT_STACK}`,
  };
}

export function themeStyleText(theme: TTheme): string {
  const vars = themeVariables(theme);
  return `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(";")}}`;
}
