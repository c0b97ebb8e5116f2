import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, toCsv } from "./csv";

describe("csv", () => {
  it("quotes every cell and doubles quotes; commas and line breaks stay inside the cell", () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(12.5)).toBe('"12.5"');
  });
  it("makes formula-looking text inert with a leading apostrophe; negative numbers stay numbers", () => {
    for (const f of ['=HYPERLINK("x")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]) expect(csvCell(f).startsWith(`"'`)).toBe(true);
    expect(csvCell(-5)).toBe('"-5"');
    expect(csvCell("a=b")).toBe('"a=b"');
  });
  it("starts with the UTF-8 BOM and ends rows with CRLF", () => {
    expect(toCsv(["a", "b"], [["ü", 1]])).toBe(`${CSV_BOM}"a","b"\r\n"ü","1"\r\n`);
  });
});
