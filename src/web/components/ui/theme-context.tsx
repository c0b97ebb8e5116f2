import { createContext, useContext } from "react";
import { THEME_DEFAULTS } from "../../../domain/constants";
import type { TTheme } from "../../../domain/portal";

const ThemeContext = createContext<TTheme | undefined>(undefined);

/** The portal theme for components that vary by it beyond CSS variables (e.g. button type). */
export function ThemeProvider({ theme, children }: { theme: TTheme | undefined; children: React.ReactNode }) {
  return <ThemeContext.Provider value={theme}>{children}</ThemeContext.Provider>;
}

export function useThemeButtonType(): TTheme["button"]["type"] {
  return useContext(ThemeContext)?.button.type ?? THEME_DEFAULTS.buttonType;
}
