import { createContext, useContext } from "react";
import { THEME_DEFAULTS } from "../../../domain/constants";
import type { TTheme } from "../../../domain/portal";

/** The portal theme; ThemeProvider (theme-context.tsx) provides it. */
export const ThemeContext = createContext<TTheme | undefined>(undefined);

export function useThemeButtonType(): TTheme["button"]["type"] {
  return useContext(ThemeContext)?.button.type ?? THEME_DEFAULTS.buttonType;
}
