import { registerHooks } from "node:module";

/**
 * React Router's package maps every export condition (`node`, `import`, `module`, `default`) to
 * `dist/development/`, whose only difference from `dist/production/` is that its development
 * warnings and checks are on (ENABLE_DEV_WARNINGS), and nothing in its exports map ever picks the
 * production build on a server. React and React DOM choose theirs from NODE_ENV (start.ts sets it).
 *
 * A resolve hook is the one place that reaches every importer of the package: our server bundle,
 * @react-router/node and remix-fastify, so one copy of the router is loaded and the server never
 * holds both builds (their classes and contexts differ). It must be registered before anything
 * imports react-router, which start.ts does before it loads the app (docs/decisions/0076).
 */

const DEVELOPMENT_DIR = "/node_modules/react-router/dist/development/";
const PRODUCTION_DIR = "/node_modules/react-router/dist/production/";

/** The production twin of a react-router development file's URL; any other URL as it is. */
export function productionUrl(url: string): string {
  return url.includes(DEVELOPMENT_DIR) ? url.replace(DEVELOPMENT_DIR, PRODUCTION_DIR) : url;
}

let registered = false;

/** From now on, every import or require of react-router loads its production build. */
export function useProductionBuilds(): void {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      return { ...resolved, url: productionUrl(resolved.url) };
    },
  });
}

/** Files of a development build among loaded module URLs or paths: React's, React DOM's or React Router's. */
export function developmentBuilds(loaded: Iterable<string>): string[] {
  return [...loaded].filter((f) => f.includes(DEVELOPMENT_DIR) || /\/node_modules\/react(-dom)?\/cjs\/[^/]*\.development\.js$/.test(f));
}
