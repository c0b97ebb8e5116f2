import { isSafeText } from "../validation/text-rule";
import { TEST_LIMITS, type TQuestionDef, type TQuestionKind } from "./definition";

/**
 * Importing questions (issue 13) from CSV and from Moodle's GIFT format. Pure parsers: they return
 * the questions, or every bad line with what is wrong (the import then writes nothing).
 *
 * CSV: a header row, then one question per row; columns kind (single, multiple, text, image),
 * question, variants ("|" between them), correct (1-based variant numbers for choices, accepted
 * answers for text; "|" between them), explanation (optional), images (image kind: one URL per
 * variant, "|" between them; the variant text is the image's alternative text). Quotes as RFC 4180.
 *
 * GIFT: questions separated by blank lines, `//` comments, optional `::title::`; `{=right ~wrong}`
 * single choice, `{~%50%a ~%50%b ~%-100%c}` multiple choice (positive weights are correct),
 * `{=answer =other}` short answer (free text), `{T}`/`{F}` true or false; `#feedback` after an
 * answer, `####general feedback` becomes the explanation; `\` escapes `~ = # { } :`.
 */

export const IMPORT_FORMATS = ["csv", "gift"] as const;
export type TImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_MAX_CHARS = 200_000;

export interface ImportProblem {
  line: number;
  message: string;
}
export type ImportResult = { ok: true; questions: TQuestionDef[] } | { ok: false; errors: ImportProblem[] };

type Draft = Omit<TQuestionDef, "id" | "text" | "variants" | "explanation" | "feedback"> & {
  text: string;
  variants: Array<{ text: string; image?: string }>;
  explanation: string;
  feedback: { correct: string; incorrect: string };
};

function finish(drafts: Array<{ line: number; draft: Draft }>, lang: string, startIndex: number): TQuestionDef[] {
  const L = (s: string) => (s ? { [lang]: s } : {});
  return drafts.map(({ draft }, i) => ({
    id: `q${startIndex + i + 1}`,
    kind: draft.kind,
    text: L(draft.text),
    variants: draft.variants.map((v, j) => ({
      id: `v${j + 1}`,
      text: L(v.text),
      ...(v.image ? { image: { url: v.image, alt: L(v.text) } } : {}),
    })),
    correct: draft.correct,
    accepted: draft.accepted,
    feedback: { correct: L(draft.feedback.correct), incorrect: L(draft.feedback.incorrect) },
    explanation: L(draft.explanation),
  }));
}

/** The rules every imported question obeys, whatever its format. */
function checkDraft(d: Draft): string | null {
  const texts = [d.text, d.explanation, d.feedback.correct, d.feedback.incorrect, ...d.variants.map((v) => v.text), ...d.accepted];
  if (texts.some((t) => !isSafeText(t))) return "contains a NUL character or a broken character";
  if (texts.some((t) => t.length > TEST_LIMITS.text)) return `a text is longer than ${TEST_LIMITS.text} characters`;
  if (!d.text.trim()) return "the question text is empty";
  if (d.kind === "text") return d.accepted.length === 0 ? "a free-text question needs at least one accepted answer" : null;
  if (d.variants.length < 2) return "a choice question needs two variants or more";
  if (d.variants.length > TEST_LIMITS.variants) return `at most ${TEST_LIMITS.variants} variants`;
  if (d.variants.some((v) => !v.text.trim())) return "a variant is empty";
  if (d.correct.length === 0) return "no correct variant";
  if (d.kind !== "multiple" && d.correct.length !== 1) return "exactly one correct variant for this kind";
  if (d.kind === "image" && d.variants.some((v) => !v.image)) return "every variant of an image question needs an image URL";
  return null;
}

/** RFC 4180 rows with the line each starts on. */
function csvRows(text: string): Array<{ line: number; cells: string[] }> {
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n") line++;
        cell += c;
      }
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === ",") {
      cells.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = "";
      line++;
      rowLine = line;
    } else cell += c;
  }
  if (cell !== "" || cells.length > 0) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  return rows.filter((r) => r.cells.some((c) => c.trim() !== ""));
}

const KINDS: readonly string[] = ["single", "multiple", "text", "image"];
const split = (s: string | undefined) =>
  (s ?? "")
    .split("|")
    .map((x) => x.trim())
    .filter(Boolean);

export function parseCsv(text: string, lang: string, startIndex = 0): ImportResult {
  const rows = csvRows(text);
  const errors: ImportProblem[] = [];
  if (rows.length === 0) return { ok: false, errors: [{ line: 1, message: "the file is empty" }] };
  const header = rows[0].cells.map((h) => h.trim().toLowerCase());
  const col = (name: string) => header.indexOf(name);
  for (const needed of ["kind", "question", "variants", "correct"]) {
    if (col(needed) < 0) errors.push({ line: rows[0].line, message: `the header has no "${needed}" column` });
  }
  if (errors.length) return { ok: false, errors };
  const drafts: Array<{ line: number; draft: Draft }> = [];
  for (const row of rows.slice(1)) {
    const get = (name: string) => (col(name) >= 0 ? (row.cells[col(name)] ?? "").trim() : "");
    const kind = get("kind").toLowerCase();
    if (!KINDS.includes(kind)) {
      errors.push({ line: row.line, message: `unknown kind "${kind}" (single, multiple, text or image)` });
      continue;
    }
    const variants = kind === "text" ? [] : split(get("variants"));
    const images = split(get("images"));
    const correctCells = split(get("correct"));
    const draft: Draft = {
      kind: kind as TQuestionKind,
      text: get("question"),
      variants: variants.map((v, i) => ({ text: v, ...(kind === "image" && images[i] ? { image: images[i] } : {}) })),
      correct: [],
      accepted: kind === "text" ? correctCells : [],
      explanation: get("explanation"),
      feedback: { correct: "", incorrect: "" },
    };
    if (kind !== "text") {
      const bad = correctCells.filter((c) => !/^\d+$/.test(c) || Number(c) < 1 || Number(c) > variants.length);
      if (bad.length) {
        errors.push({ line: row.line, message: `correct must name variants by number 1 to ${variants.length}: ${bad.join(", ")}` });
        continue;
      }
      draft.correct = [...new Set(correctCells.map((c) => `v${Number(c)}`))];
    }
    if (kind === "image" && images.length !== variants.length) {
      errors.push({ line: row.line, message: "an image question needs one image URL per variant" });
      continue;
    }
    const problem = checkDraft(draft);
    if (problem) errors.push({ line: row.line, message: problem });
    else drafts.push({ line: row.line, draft });
  }
  if (errors.length) return { ok: false, errors };
  if (drafts.length === 0) return { ok: false, errors: [{ line: rows[0].line, message: "no question in the file" }] };
  return { ok: true, questions: finish(drafts, lang, startIndex) };
}

const unescapeGift = (s: string) => s.replace(/\\([~=#{}:\\])/g, "$1").trim();

/** Splits on an unescaped character. */
function splitUnescaped(s: string, at: RegExp): string[] {
  const out: string[] = [];
  let cur = "";
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "\\" && i + 1 < s.length) {
      cur += s[i] + s[i + 1];
      i++;
    } else if (at.test(s[i])) {
      out.push(cur);
      cur = s[i];
    } else cur += s[i];
  }
  out.push(cur);
  return out;
}

function indexUnescaped(s: string, ch: string, from = 0): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === ch) return i;
  }
  return -1;
}

function giftQuestion(block: string): Draft | string {
  let body = block;
  const title = /^::(.*?)::/s.exec(body);
  if (title) body = body.slice(title[0].length);
  body = body.replace(/^\[(html|moodle|plain|markdown)\]/, "");
  const open = indexUnescaped(body, "{");
  const close = open >= 0 ? indexUnescaped(body, "}", open) : -1;
  if (open < 0 || close < 0) return "no answer block in braces { }";
  const text = unescapeGift(body.slice(0, open) + " " + body.slice(close + 1)).replace(/\s+/g, " ");
  let answers = body.slice(open + 1, close).trim();
  let explanation = "";
  const general = answers.indexOf("####");
  if (general >= 0) {
    explanation = unescapeGift(answers.slice(general + 4));
    answers = answers.slice(0, general).trim();
  }
  const base = { text, explanation, feedback: { correct: "", incorrect: "" }, correct: [] as string[], accepted: [] as string[] };
  const tf = /^(T|TRUE|F|FALSE)\s*(#.*)?$/i.exec(answers);
  if (tf) {
    const isTrue = tf[1].toUpperCase().startsWith("T");
    return { ...base, kind: "single", variants: [{ text: "True" }, { text: "False" }], correct: [isTrue ? "v1" : "v2"] };
  }
  if (!answers) return "the answer block is empty (essay questions cannot be graded)";
  const parts = splitUnescaped(answers, /[~=]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.some((p) => p[0] !== "~" && p[0] !== "=")) return "each answer starts with = (right) or ~ (wrong)";
  const parsed = parts.map((p) => {
    const mark = p[0];
    let rest = p.slice(1).trim();
    let weight: number | null = null;
    const w = /^%(-?\d+(?:\.\d+)?)%/.exec(rest);
    if (w) {
      weight = Number(w[1]);
      rest = rest.slice(w[0].length);
    }
    const hash = indexUnescaped(rest, "#");
    const feedback = hash >= 0 ? unescapeGift(rest.slice(hash + 1)) : "";
    const answer = unescapeGift(hash >= 0 ? rest.slice(0, hash) : rest);
    return { mark, weight, answer, feedback };
  });
  if (parsed.every((p) => p.mark === "=") && parsed.every((p) => p.weight === null || p.weight > 0)) {
    // Short answer: every answer is accepted.
    return { ...base, kind: "text", variants: [], accepted: parsed.map((p) => p.answer), feedback: { correct: parsed[0].feedback, incorrect: "" } };
  }
  const weighted = parsed.some((p) => p.weight !== null);
  const right = parsed.map((p, i) => ({ p, i })).filter(({ p }) => (weighted ? (p.weight ?? (p.mark === "=" ? 100 : 0)) > 0 : p.mark === "="));
  const kind: TQuestionKind = weighted && right.length > 1 ? "multiple" : right.length > 1 ? "multiple" : "single";
  return {
    ...base,
    kind,
    variants: parsed.map((p) => ({ text: p.answer })),
    correct: right.map(({ i }) => `v${i + 1}`),
    feedback: { correct: right[0]?.p.feedback ?? "", incorrect: parsed.find((p) => !right.some((r) => r.p === p))?.feedback ?? "" },
  };
}

export function parseGift(text: string, lang: string, startIndex = 0): ImportResult {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Array<{ line: number; text: string }> = [];
  let cur: string[] = [];
  let start = 0;
  const flush = () => {
    if (cur.some((l) => l.trim())) blocks.push({ line: start, text: cur.join("\n").trim() });
    cur = [];
  };
  lines.forEach((raw, i) => {
    const l = raw.trimEnd();
    if (l.trim().startsWith("//")) return;
    if (l.trim() === "") return flush();
    if (cur.length === 0) start = i + 1;
    cur.push(l);
  });
  flush();
  const errors: ImportProblem[] = [];
  const drafts: Array<{ line: number; draft: Draft }> = [];
  for (const b of blocks) {
    if (/^\$CATEGORY:/.test(b.text)) continue;
    const q = giftQuestion(b.text);
    if (typeof q === "string") {
      errors.push({ line: b.line, message: q });
      continue;
    }
    const problem = checkDraft(q);
    if (problem) errors.push({ line: b.line, message: problem });
    else drafts.push({ line: b.line, draft: q });
  }
  if (errors.length) return { ok: false, errors };
  if (drafts.length === 0) return { ok: false, errors: [{ line: 1, message: "no question in the file" }] };
  return { ok: true, questions: finish(drafts, lang, startIndex) };
}

export function parseQuestions(format: TImportFormat, text: string, lang: string, startIndex = 0): ImportResult {
  return format === "csv" ? parseCsv(text, lang, startIndex) : parseGift(text, lang, startIndex);
}
