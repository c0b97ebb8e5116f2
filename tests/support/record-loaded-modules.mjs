/**
 * `node --import ./record-loaded-modules.mjs …`: writes what the process (and each cluster worker,
 * which inherits the flag) ran to the file named by RECORD_LOADED_MODULES, one URL a line, when it
 * exits: every ES module it loaded, and every CommonJS module it executed. A load hook alone would
 * also name CommonJS files Node only reads to list a module's exports (React's index.js names both
 * its production and development builds, and Node lexes both when an ES module imports it).
 */
import { appendFileSync } from "node:fs";
import { createRequire, registerHooks } from "node:module";
import { pathToFileURL } from "node:url";

const file = process.env.RECORD_LOADED_MODULES;
if (file) {
  const esModules = [];
  registerHooks({
    load(url, context, nextLoad) {
      const result = nextLoad(url, context);
      if (result.format === "module") esModules.push(url);
      return result;
    },
  });
  const cache = createRequire(import.meta.url).cache;
  process.once("exit", () => {
    const ran = Object.values(cache)
      .filter((m) => m?.loaded && m.filename)
      .map((m) => pathToFileURL(m.filename).href);
    appendFileSync(file, [...esModules, ...ran].map((u) => `${u}\n`).join(""));
  });
}
