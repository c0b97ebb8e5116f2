/**
 * The boundary rules of eslint.config.js catch what they are meant to catch (docs/decisions/0019).
 * Snippets are linted at virtual paths inside the real tree, so resolution and zones are the real ones; the cycle
 * cases need real files on disk and write them to a temporary folder under src/ that is removed afterwards.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { builtinRules } from "eslint/use-at-your-own-risk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const configFile = path.join(root, "eslint.config.js");
const at = (p: string) => path.join(root, p);

const eslint = new ESLint({ cwd: root, overrideConfigFile: configFile });

async function ruleIds(code: string, file: string, linter: ESLint = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: at(file) });
  return result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

/** Two module areas that each have a service.ts and a repo.ts, whatever the modules are called today. */
function twoModuleAreas(): [string, string] {
  const modules = at("src/server/modules");
  const areas = fs
    .readdirSync(modules)
    .filter((area) => fs.existsSync(path.join(modules, area, "service.ts")) && fs.existsSync(path.join(modules, area, "repo.ts")))
    .sort();
  expect(areas.length, "need two module areas with service.ts and repo.ts").toBeGreaterThanOrEqual(2);
  return [areas[0], areas[1]];
}

describe("import boundaries", { timeout: 60_000 }, () => {
  it("src/domain imports only src/domain and packages", async () => {
    expect(await ruleIds(`import { parseConfig } from "../server/config";\nexport const c = parseConfig;\n`, "src/domain/lint-probe.ts")).toContain(
      "import-x/no-restricted-paths",
    );
    expect(await ruleIds(`import { redirect } from "../../web/redirect.server";\nexport const r = redirect;\n`, "src/domain/blocks/lint-probe.ts")).toContain(
      "import-x/no-restricted-paths",
    );
    expect(
      await ruleIds(`import { z } from "zod";\nimport { wireCode } from "./errors";\nexport const w = [z, wireCode];\n`, "src/domain/lint-probe.ts"),
    ).toEqual([]);
  });

  it("src/web never imports src/server", async () => {
    expect(
      await ruleIds(`import { parseConfig } from "../../../server/config";\nexport const c = parseConfig;\n`, "src/web/features/shell/lint-probe.ts"),
    ).toContain("import-x/no-restricted-paths");
    expect(await ruleIds(`import { wireCode } from "../../../domain/errors";\nexport const w = wireCode;\n`, "src/web/features/shell/lint-probe.ts")).toEqual(
      [],
    );
  });

  it("src/server/platform never imports src/server/modules", async () => {
    const [area] = twoModuleAreas();
    expect(await ruleIds(`import * as service from "../modules/${area}/service";\nexport const s = service;\n`, "src/server/platform/lint-probe.ts")).toContain(
      "import-x/no-restricted-paths",
    );
    expect(await ruleIds(`import { wireCode } from "../../domain/errors";\nexport const w = wireCode;\n`, "src/server/platform/lint-probe.ts")).toEqual([]);
  });

  it("a module reaches another module only through its service.ts", async () => {
    const [a, b] = twoModuleAreas();
    const probe = `src/server/modules/${a}/lint-probe.ts`;
    expect(await ruleIds(`import * as repo from "../${b}/repo";\nexport const r = repo;\n`, probe)).toEqual(["import-x/no-restricted-paths"]);
    expect(await ruleIds(`import * as routes from "../${b}/routes";\nexport const r = routes;\n`, probe)).toEqual(["import-x/no-restricted-paths"]);
    expect(await ruleIds(`import * as service from "../${b}/service";\nexport const s = service;\n`, probe)).toEqual([]);
    expect(await ruleIds(`import * as repo from "./repo";\nexport const r = repo;\n`, probe)).toEqual([]);
  });

  it("no barrels: `export *` and `export * as` are refused, named re-exports are not", async () => {
    expect(await ruleIds(`export * from "./errors";\n`, "src/domain/lint-probe.ts")).toEqual(["no-restricted-syntax"]);
    expect(await ruleIds(`export * as errors from "./errors";\n`, "src/domain/lint-probe.ts")).toEqual(["no-restricted-syntax"]);
    expect(await ruleIds(`export { wireCode } from "./errors";\n`, "src/domain/lint-probe.ts")).toEqual([]);
  });

  it("production code never imports tests/ or test tools; test files may", async () => {
    const vitest = `import { expect } from "vitest";\nexport const e = expect;\n`;
    expect(await ruleIds(vitest, "src/server/lint-probe.ts")).toEqual(["no-restricted-imports"]);
    expect(await ruleIds(`import { SMTPServer } from "smtp-server";\nexport const s = SMTPServer;\n`, "src/server/lint-probe.ts")).toEqual([
      "no-restricted-imports",
    ]);
    expect(await ruleIds(`import { OAuth2Server } from "oauth2-mock-server";\nexport const s = OAuth2Server;\n`, "src/server/lint-probe.ts")).toEqual([
      "no-restricted-imports",
    ]);
    expect(await ruleIds(vitest, "src/web/lint-probe.tsx")).toEqual(["no-restricted-imports"]);
    expect(await ruleIds(vitest, "src/server/lint-probe.test.ts")).toEqual([]);
    expect(await ruleIds(vitest, "src/web/lint-probe.test.tsx")).toEqual([]);

    const fromTests = `import * as databases from "../../tests/setup/databases";\nexport const d = databases;\n`;
    expect(await ruleIds(fromTests, "src/server/lint-probe.ts")).toEqual(["import-x/no-restricted-paths"]);
    expect(await ruleIds(fromTests, "src/server/lint-probe.int.test.ts")).toEqual([]);
  });

  it("`redirect` from react-router only in src/web/redirect.server.ts", async () => {
    const direct = `import { redirect } from "react-router";\nexport const r = redirect;\n`;
    expect(await ruleIds(direct, "src/web/routes/lint-probe.tsx")).toEqual(["no-restricted-imports"]);
    expect(await ruleIds(`import { redirect as go } from "react-router";\nexport const r = go;\n`, "src/web/lint-probe.server.ts")).toEqual([
      "no-restricted-imports",
    ]);
    expect(await ruleIds(direct, "src/web/lint-probe.test.ts")).toEqual(["no-restricted-imports"]);
    expect(await ruleIds(direct, "src/web/redirect.server.ts")).toEqual([]);
    expect(
      await ruleIds(
        `import { Link } from "react-router";\nimport { redirect } from "../redirect.server";\nexport const r = [Link, redirect];\n`,
        "src/web/routes/lint-probe.tsx",
      ),
    ).toEqual([]);
  });

  it("`useTranslation` from src/web/i18n/use-translation.ts, nothing from react-i18next, in production code", async () => {
    const library = `import { useTranslation } from "react-i18next";\nexport const u = useTranslation;\n`;
    expect(await ruleIds(library, "src/web/features/lint-probe.tsx")).toEqual(["no-restricted-imports"]);
    expect(
      await ruleIds(`import { useTranslation } from "../i18n/use-translation";\nexport const u = useTranslation;\n`, "src/web/features/lint-probe.tsx"),
    ).toEqual([]);
    expect(await ruleIds(`import { Trans } from "react-i18next";\nexport const u = Trans;\n`, "src/web/features/lint-probe.tsx")).toEqual([
      "no-restricted-imports",
    ]);
  });
});

describe("import cycles, type-only ones included", { timeout: 60_000 }, () => {
  const folder = at(`src/.lint-cycle-probe-${process.pid}`);
  const write = (name: string, code: string) => fs.writeFileSync(path.join(folder, name), code);
  async function lintFolder(): Promise<Record<string, string[]>> {
    const results = await eslint.lintFiles([path.join(folder, "*.ts")]);
    return Object.fromEntries(results.map((r) => [path.basename(r.filePath), r.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`)]));
  }

  beforeAll(() => fs.mkdirSync(folder, { recursive: true }));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it("a value cycle between two files is reported in both", async () => {
    write("a.ts", `import { b } from "./b";\nexport const a = () => b;\n`);
    write("b.ts", `import { a } from "./a";\nexport const b = () => a;\n`);
    expect(await lintFolder()).toEqual({ "a.ts": ["import-x/no-cycle"], "b.ts": ["import-x/no-cycle"] });
  });

  it("a type-only cycle is reported too", async () => {
    write("a.ts", `import type { B } from "./b";\nexport type A = { b?: B };\n`);
    write("b.ts", `import { type A } from "./a";\nexport type B = { a?: A };\n`);
    // The inline form is refused on its own too: it keeps a side-effect import (decision 0020).
    expect(await lintFolder()).toEqual({ "a.ts": ["import-x/no-cycle"], "b.ts": ["import-x/no-cycle", "@typescript-eslint/no-import-type-side-effects"] });
  });

  it("a cycle through a type-only re-export and a longer chain is reported", async () => {
    write("a.ts", `export type { C as A } from "./b";\n`);
    write("b.ts", `import type { D } from "./c.ts";\nexport type C = { d?: D };\n`);
    write("c.ts", `import type { A } from "./a";\nexport type D = { a?: A };\n`);
    const found = await lintFolder();
    expect(found).toEqual({ "a.ts": ["import-x/no-cycle"], "b.ts": ["import-x/no-cycle"], "c.ts": ["import-x/no-cycle"] });
  });

  it("a one-way dependency is not a cycle", async () => {
    for (const name of fs.readdirSync(folder)) fs.rmSync(path.join(folder, name));
    write("a.ts", `import type { B } from "./b";\nimport { b } from "./b.ts";\nexport const a = (x: B) => [x, b];\n`);
    write("b.ts", `export type B = number;\nexport const b = 1;\n`);
    expect(await lintFolder()).toEqual({ "a.ts": [], "b.ts": [] });
  });
});

describe("resolution and rule set", { timeout: 120_000 }, () => {
  beforeAll(() => {
    // `./+types/...` files are written by React Router's typegen (npm test runs it in `typecheck`).
    if (!fs.existsSync(at(".react-router/types/src/web"))) {
      execFileSync(process.execPath, [at("node_modules/@react-router/dev/bin.js"), "typegen"], { cwd: root, stdio: "ignore" });
    }
  });

  it("the resolver resolves relative imports with and without extensions and React Router's ./+types", async () => {
    const strict = new ESLint({
      cwd: root,
      overrideConfigFile: configFile,
      overrideConfig: {
        files: ["**/*.ts", "**/*.tsx"],
        // The value form below is what no-unresolved checks; as code it would be written `import type`.
        rules: { "import-x/no-unresolved": ["error", {}], "@typescript-eslint/no-import-type-side-effects": "off" },
      },
    });
    const route = fs
      .readdirSync(at("src/web/routes"))
      .find((f) => f.endsWith(".tsx") && fs.readFileSync(at(`src/web/routes/${f}`), "utf8").includes("./+types/"));
    expect(route, "a route module that imports its ./+types").toBeDefined();
    const name = route!.replace(/\.tsx$/, "");
    const code = [
      // A value-form import: import-x/no-unresolved skips `import type` declarations.
      `import { type Route } from "./+types/${name}";`,
      `import { redirect } from "../redirect.server";`,
      `import { redirect as again } from "../redirect.server.ts";`,
      `import { wireCode } from "../../domain/errors";`,
      `import { z } from "zod";`,
      `export const all = [redirect, again, wireCode, z] as const;`,
      `export type Args = Route.LoaderArgs;`,
    ].join("\n");
    expect(await ruleIds(code, `src/web/routes/${name}.tsx`, strict)).toEqual([]);
    expect(
      await ruleIds(`import { type Route } from "./+types/no-such-route";\nexport type A = Route.LoaderArgs;\n`, "src/web/routes/lint-probe.tsx", strict),
    ).toEqual(["import-x/no-unresolved"]);
  });

  it("no layout (formatting) rule is on: Prettier formats", async () => {
    for (const file of ["src/web/routes/lint-probe.tsx", "src/server/lint-probe.ts", "tests/lint/probe.test.ts", "eslint.config.js"]) {
      const config = await eslint.calculateConfigForFile(at(file));
      const plugins: Record<string, { rules?: Record<string, { meta?: { type?: string } }> }> = config.plugins ?? {};
      for (const [id, entry] of Object.entries<unknown>(config.rules ?? {})) {
        const severity = Array.isArray(entry) ? entry[0] : entry;
        if (severity === 0 || severity === "off") continue;
        const slash = id.lastIndexOf("/");
        const meta = slash < 0 ? builtinRules.get(id)?.meta : plugins[id.slice(0, slash)]?.rules?.[id.slice(slash + 1)]?.meta;
        expect(meta?.type, `${id} in ${file}`).not.toBe("layout");
      }
    }
  });

  it("hooks and accessibility rules are on for the web app", async () => {
    const config = await eslint.calculateConfigForFile(at("src/web/routes/lint-probe.tsx"));
    expect(config.rules["react-hooks/rules-of-hooks"][0]).toBe(2);
    expect(config.rules["react-hooks/exhaustive-deps"][0]).toBeGreaterThanOrEqual(1);
    expect(config.rules["jsx-a11y/alt-text"][0]).toBe(2);
    const hooks = `import { useState } from "react";\nexport function A({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return <img src="/a.png" />;\n}\n`;
    expect(await ruleIds(hooks, "src/web/routes/lint-probe.tsx")).toEqual(expect.arrayContaining(["react-hooks/rules-of-hooks", "jsx-a11y/alt-text"]));
  });
});
