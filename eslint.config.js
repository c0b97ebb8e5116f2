// ESLint flat config. What it enforces and why: docs/decisions/0019-lint-and-format.md.
// Formatting is Prettier's job: no rule enabled here is a layout rule (tests/lint/boundaries.test.ts checks that).
import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;
const abs = (p) => path.join(root, p);

// ---------------------------------------------------------------------------------------------------------------------
// import-x/no-cycle skips `import type` edges by design (there is no option to count them). Our rule is "no cycles,
// type-only ones included", so the rule is registered wrapped: the file being linted and every file it walks are seen
// with type-only imports and exports read as value ones. Everything else about the rule (resolution, messages, id) is
// import-x's own.
// ---------------------------------------------------------------------------------------------------------------------
const TYPE_ONLY_CARRIERS = new Set(["ImportDeclaration", "ExportNamedDeclaration", "ExportAllDeclaration", "TSImportEqualsDeclaration"]);

function eraseTypeOnly(program) {
  for (const node of program.body) {
    if (!TYPE_ONLY_CARRIERS.has(node.type)) continue;
    if ("importKind" in node) node.importKind = "value";
    if ("exportKind" in node) node.exportKind = "value";
    for (const specifier of node.specifiers ?? []) {
      if ("importKind" in specifier) specifier.importKind = "value";
      if ("exportKind" in specifier) specifier.exportKind = "value";
    }
  }
  return program;
}

const typeEdgesParser = {
  meta: { name: "mentora/type-edges-parser" },
  parseForESLint(code, options) {
    const result = tseslint.parser.parseForESLint(code, options);
    eraseTypeOnly(result.ast);
    return result;
  },
};

function valueView(node) {
  if (!node || typeof node !== "object" || !TYPE_ONLY_CARRIERS.has(node.type)) return node;
  const specifiers = node.specifiers?.map((s) => new Proxy(s, { get: (t, k) => (k === "importKind" || k === "exportKind" ? "value" : Reflect.get(t, k)) }));
  return new Proxy(node, {
    get: (t, k) => (k === "importKind" || k === "exportKind" ? "value" : k === "specifiers" && specifiers ? specifiers : Reflect.get(t, k)),
  });
}

const upstreamNoCycle = importX.rules["no-cycle"];
const noCycleCountingTypes = {
  ...upstreamNoCycle,
  create(context) {
    const languageOptions = { ...context.languageOptions, parser: typeEdgesParser };
    const scoped = Object.create(context, { languageOptions: { value: languageOptions }, parserPath: { value: undefined } });
    const visitor = upstreamNoCycle.create(scoped);
    return Object.fromEntries(Object.entries(visitor).map(([selector, handler]) => [selector, (node) => handler(valueView(node))]));
  },
};
const importXCountingTypes = { ...importX, rules: { ...importX.rules, "no-cycle": noCycleCountingTypes } };

// ---------------------------------------------------------------------------------------------------------------------
// Boundaries (docs/ARCHITECTURE "Boundaries"), as import-x/no-restricted-paths zones on resolved paths.
// ---------------------------------------------------------------------------------------------------------------------
const moduleAreas = fs
  .readdirSync(abs("src/server/modules"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaryZones = [
  {
    target: "src/domain",
    from: ".",
    except: ["./src/domain", "./node_modules"],
    message: "src/domain is pure: it imports only src/domain and packages.",
  },
  { target: "src/web", from: "src/server", message: "src/web never imports src/server: SSR reaches services through the load context." },
  { target: "src/server/platform", from: "src/server/modules", message: "platform is below modules: it never imports src/server/modules." },
  ...moduleAreas.map((area) => ({
    target: `src/server/modules/${area}`,
    from: [abs(`src/server/modules/!(${area})/**`)],
    except: [abs("src/server/modules/*/service.ts")],
    message: "A module reaches another module only through that module's service.ts.",
  })),
];
const productionZones = [...boundaryZones, { target: "src", from: "tests", message: "Production code never imports tests/ (test support lives in tests/)." }];

const testOnlyPackages = [
  { group: ["vitest", "vitest/*", "@vitest/*"], message: "Production code never imports vitest." },
  {
    group: ["smtp-server", "oauth2-mock-server", "playwright-core", "@axe-core/playwright", "autocannon"],
    message: "Test and bench tools stay out of production code.",
  },
];
const redirectRule = {
  name: "react-router",
  importNames: ["redirect"],
  message: "Use `redirect` from src/web/redirect.server.ts: it percent-encodes the Location header.",
};

const translationRule = {
  name: "react-i18next",
  message:
    "Use `useTranslation` from src/web/i18n/use-translation.ts: the app's own translator, the same on the server and in the browser (docs/decisions/0035-translator.md).",
};

const TEST_FILES = ["src/**/*.test.ts", "src/**/*.test.tsx"];
const TS_FILES = ["**/*.ts", "**/*.tsx"];

export default defineConfig(
  {
    ignores: ["build/", "build-*/", ".react-router/", "data/", "test-results/", "coverage/", "public/", "src/server/db/migrations/", "**/*.d.ts"],
  },
  // The bench's trivial React Router app is built there on every `npm run bench` (bench/lib/trivial-app.ts).
  { ignores: ["bench/trivial-app/build/"] },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },

  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // As eslint-config-prettier does: can disagree with Prettier's line breaks.
      "no-unexpected-multiline": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Module augmentation (React Router's AppLoadContext) is an interface extending ours and nothing more.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      // `import { type A } from "m"` still loads m (verbatimModuleSyntax keeps it as `import "m"`): in the
      // browser that pulled zod-carrying modules into every page (docs/decisions/0020-lean-client.md).
      "@typescript-eslint/no-import-type-side-effects": "error",
    },
  },

  // Every file: Node and browser globals where they run (TypeScript files are checked by tsc; no-undef is off there).
  {
    files: ["**/*.{js,mjs,cjs,ts,tsx}"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } },
  },
  { files: ["src/web/**/*.{ts,tsx}", "src/domain/**/*.ts"], languageOptions: { globals: { ...globals.browser, ...globals.node } } },

  // Imports: resolution for every TypeScript file, so the rules below see through relative and package imports.
  {
    files: TS_FILES,
    plugins: { "import-x": importXCountingTypes },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs", ".cjs"],
      // The TypeScript resolver reads tsconfig.json: relative imports with or without `.ts`/`.tsx`, package exports and
      // types, and React Router's `./+types/<route>` (tsconfig `rootDirs` maps them to .react-router/types/).
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: abs("tsconfig.json"), alwaysTryTypes: true })],
      // Generated route types are not walked for cycles (they `typeof import()` their own route).
      "import-x/ignore": ["[\\\\/]\\.react-router[\\\\/]", "[\\\\/]node_modules[\\\\/]"],
    },
    rules: {
      // tsc reports unresolvable imports too; this one catches imports tsc resolves but the rules below could not see
      // through (a resolver gap would silently exempt them from zones and cycles). Route types exist only after typegen.
      "import-x/no-unresolved": ["error", { ignore: ["^\\./\\+types/"] }],
    },
  },

  // src/: boundaries, no cycles, no barrels.
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: boundaryZones }],
      "no-restricted-syntax": [
        "error",
        { selector: "ExportAllDeclaration", message: "No barrels: import from the file that declares it (no `export *` / `export * as`)." },
      ],
    },
  },
  // Production code (src/ except tests): also never tests/ nor test tools.
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: TEST_FILES,
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: productionZones }],
      "no-restricted-imports": ["error", { patterns: testOnlyPackages }],
    },
  },
  // src/web: `redirect` only through redirect.server.ts (later blocks replace the options of the one above).
  {
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: [...TEST_FILES, "src/web/redirect.server.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [redirectRule, translationRule], patterns: testOnlyPackages }] },
  },
  {
    files: ["src/web/**/*.test.ts", "src/web/**/*.test.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [redirectRule] }] },
  },

  // React: hooks everywhere JSX or hooks live; accessibility for the web app.
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  { files: ["src/web/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    files: ["src/web/**/*.tsx"],
    rules: {
      // The recommended lists, plus key handling on <form>: the sign-in steps delegate "Enter moves to the next
      // field" from the form to its inputs (the form itself never takes focus or clicks).
      "jsx-a11y/no-noninteractive-element-interactions": [
        "error",
        {
          handlers: ["onClick", "onError", "onLoad", "onMouseDown", "onMouseUp", "onKeyPress", "onKeyDown", "onKeyUp"],
          alert: ["onKeyUp", "onKeyDown", "onKeyPress"],
          body: ["onError", "onLoad"],
          dialog: ["onKeyDown", "onKeyUp", "onKeyPress"],
          form: ["onKeyDown"],
          iframe: ["onError", "onLoad"],
          img: ["onError", "onLoad"],
        },
      ],
      // Option texts sit one level deeper than the default depth (label > span > span > text).
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
    },
  },

  // Tests, benchmarks and tool config: Node programs; some latitude.
  {
    files: ["tests/**/*.ts", "bench/**/*.ts", "src/**/*.test.{ts,tsx}", "src/**/test-helpers.ts", "*.config.{js,ts}"],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  { files: ["tests/e2e/**/*.ts"], languageOptions: { globals: { ...globals.browser } } },
);
