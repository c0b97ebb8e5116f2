import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { LANGUAGE_PACKAGES } from "../../domain/constants";
import { lookup, type Pack } from "./translator";

/**
 * Every `t("key", …)` of the web app passes the values its English text interpolates: a value left
 * out stays on screen as `{{name}}` (the translator keeps a placeholder it has no value for), as the
 * mentor picker's "1 of {{total}}" did when it passed `count`. A static check over the TypeScript
 * syntax of src/web: the key's namespace comes from the `useTranslation(…)` that made that `t` in the
 * file, an `ns` option or a `ns:` prefix; a `t` handed in from elsewhere is looked up in the file's
 * namespaces, then in every package. Keys built at run time and options that are not an object
 * literal (or spread one) cannot be checked here; the SSR sweep (placeholders-ssr.int.test.ts)
 * covers the rendered pages.
 */

const WEB = join(process.cwd(), "src", "web");
const LOCALES = join(process.cwd(), "locales", "en");
const PLURAL = /_(zero|one|two|few|many|other)$/;

const packs: Record<string, Pack> = Object.fromEntries(
  LANGUAGE_PACKAGES.map((ns) => [ns, JSON.parse(readFileSync(join(LOCALES, `${ns}.json`), "utf8")) as Pack]),
);

/** The top-level names a text interpolates, as the translator reads them (`{{ a.b }}` needs `a`). */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1].trim().split(".")[0]))];
}

/** The English texts of a key in a namespace: the key itself, or its plural forms. */
function textsOf(ns: string, key: string): string[] | null {
  const pack = packs[ns];
  const own = lookup(pack, key);
  if (typeof own === "string") return [own];
  const lastDot = key.lastIndexOf(".");
  const parent = lastDot < 0 ? pack : lookup(pack, key.slice(0, lastDot));
  const leaf = key.slice(lastDot + 1);
  if (!parent || typeof parent !== "object") return null;
  const forms = Object.entries(parent as Record<string, unknown>)
    .filter(([k, v]) => typeof v === "string" && PLURAL.test(k) && k.replace(PLURAL, "") === leaf)
    .map(([, v]) => v as string);
  return forms.length > 0 ? forms : null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The string values an expression can take when it is literal: "a", `a`, c ? "a" : "b". */
function literalStrings(node: ts.Expression): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return literalStrings(node.expression);
  if (ts.isConditionalExpression(node)) {
    const a = literalStrings(node.whenTrue);
    const b = literalStrings(node.whenFalse);
    return a && b ? [...a, ...b] : null;
  }
  return null;
}

/** The namespaces of `useTranslation(args)`: "common" without arguments, null when not literal. */
function namespacesOf(call: ts.CallExpression): string[] | null {
  const [arg] = call.arguments;
  if (!arg) return ["common"];
  if (ts.isArrayLiteralExpression(arg)) {
    const all = arg.elements.map((e) => (ts.isExpression(e) ? literalStrings(e) : null));
    return all.every((x) => x !== null) ? (all as string[][]).flat() : null;
  }
  return literalStrings(arg);
}

const isUseTranslation = (node: ts.Node): node is ts.CallExpression =>
  ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "useTranslation";

interface CallSite {
  where: string;
  key: string;
  missing: string[];
}

interface Scan {
  checked: number;
  missing: CallSite[];
  unknownKeys: string[];
}

export function scanCallSites(files: string[] = sourceFiles(WEB)): Scan {
  const scan: Scan = { checked: 0, missing: [], unknownKeys: [] };
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    // The names this file binds to a `t` of useTranslation, and their namespaces.
    const bound = new Map<string, string[]>();
    const fileNamespaces: string[] = [];
    const bind = (name: string, ns: string[]) => {
      bound.set(name, [...new Set([...(bound.get(name) ?? []), ...ns])]);
      fileNamespaces.push(...ns);
    };
    const collect = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && node.initializer) {
        const init = node.initializer;
        // const { t } = useTranslation("x"); const { t: tx } = useTranslation("x")
        if (isUseTranslation(init) && ts.isObjectBindingPattern(node.name)) {
          const ns = namespacesOf(init);
          for (const el of node.name.elements) {
            const prop = el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : ts.isIdentifier(el.name) ? el.name.text : "";
            if (prop === "t" && ts.isIdentifier(el.name) && ns) bind(el.name.text, ns);
          }
        }
        // const tx = useTranslation("x").t
        if (ts.isPropertyAccessExpression(init) && init.name.text === "t" && isUseTranslation(init.expression) && ts.isIdentifier(node.name)) {
          const ns = namespacesOf(init.expression);
          if (ns) bind(node.name.text, ns);
        }
      }
      if (isUseTranslation(node)) fileNamespaces.push(...(namespacesOf(node) ?? []));
      ts.forEachChild(node, collect);
    };
    collect(source);

    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && node.arguments.length > 0) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
        const isT = name === "t" || bound.has(name);
        const keys = isT ? literalStrings(node.arguments[0]) : null;
        if (isT && keys) {
          const options = node.arguments[1];
          let given: Set<string> | null = new Set();
          let nsOption: string | null = null;
          if (options) {
            if (ts.isObjectLiteralExpression(options)) {
              for (const p of options.properties) {
                if (ts.isSpreadAssignment(p)) given = null;
                else if (given && p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) given.add(p.name.text);
                if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === "ns") nsOption = literalStrings(p.initializer)?.[0] ?? null;
              }
            } else given = null;
          }
          for (const full of keys) {
            const colon = full.indexOf(":");
            const key = colon > 0 ? full.slice(colon + 1) : full;
            const own = ts.isIdentifier(callee) ? bound.get(callee.text) : undefined;
            const order = colon > 0 ? [full.slice(0, colon)] : nsOption ? [nsOption] : [...new Set([...(own ?? []), ...fileNamespaces, "common"])];
            let texts: string[] | null = null;
            for (const ns of order) texts ??= textsOf(ns, key);
            // A `t` handed in from another file: the key in whichever package has it.
            if (!texts && colon < 0 && !nsOption && !own) for (const ns of LANGUAGE_PACKAGES) texts ??= textsOf(ns, key);
            const { line } = source.getLineAndCharacterOfPosition(node.getStart());
            const where = `${relative(process.cwd(), file)}:${line + 1}`;
            if (!texts) {
              scan.unknownKeys.push(`${where} ${full}`);
              continue;
            }
            scan.checked++;
            if (given === null) continue;
            const needed = [...new Set(texts.flatMap(placeholdersOf))];
            const missing = needed.filter((p) => !given.has(p));
            if (missing.length > 0) scan.missing.push({ where, key: full, missing });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return scan;
}

describe("t() call sites of src/web", () => {
  const scan = scanCallSites();

  it("pass every value their English text interpolates", () => {
    expect(scan.checked).toBeGreaterThan(1000);
    expect(scan.missing.map((m) => `${m.where} ${m.key}: ${m.missing.join(", ")}`)).toEqual([]);
  });

  it("name keys that the English packs have", () => {
    expect(scan.unknownKeys).toEqual([]);
  });

  it("would have caught the mentor picker's position passed as count", () => {
    const picker = join(WEB, "features", "chat", "mentor-picker.tsx");
    const old = readFileSync(picker, "utf8").replace("{ index: i + 1, total: mentors.length }", "{ index: i + 1, count: mentors.length }");
    expect(old).toContain("count: mentors.length");
    // The scanner reads files: hand it the old text under a path of its own.
    const dirOfOld = mkdtempSync(join(tmpdir(), "call-sites-"));
    const tmp = join(dirOfOld, "mentor-picker-old.tsx");
    writeFileSync(tmp, old);
    const found = scanCallSites([tmp]).missing;
    rmSync(dirOfOld, { recursive: true, force: true });
    expect(found.map((m) => [m.key, m.missing])).toEqual([["pick.position", ["total"]]]);
  });
});
