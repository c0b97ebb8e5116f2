import type { Plugin } from "vite";
import { productionUrl } from "../src/server/platform/production-builds.ts";

/**
 * The browser build's React Router is its production build. The package's exports map names only
 * `dist/development/` (development warnings on), so the bundler is pointed at the production twin of
 * whatever it resolved; the server does the same with a resolve hook (src/server/platform/production-builds.ts).
 * `vite dev` keeps the development build.
 */
export function productionReactRouter(): Plugin {
  return {
    name: "mentora:production-react-router",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!source.startsWith("react-router")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      const id = productionUrl(resolved.id);
      return id === resolved.id ? resolved : { ...resolved, id };
    },
  };
}
