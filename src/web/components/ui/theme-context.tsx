import { ThemeContext } from "./use-theme";
import type { TTheme } from "../../../domain/portal";

/** The portal theme for components that vary by it beyond CSS variables (e.g. button type). */
export function ThemeProvider({ theme, children }: { theme: TTheme | undefined; children: React.ReactNode }) {
  return <ThemeContext.Provider value={theme}>{children}</ThemeContext.Provider>;
}
