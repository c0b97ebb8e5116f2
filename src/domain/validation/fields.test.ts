import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  codePointLength,
  EMAIL_PATTERN,
  normalizePhone,
  ZCurrentPassword,
  ZEmail,
  ZPassword,
  ZPersonName,
  ZPhone,
  ZPhoneOptional,
  ZReturnPath,
  ZUsername,
} from "./fields";
import { isSafeReturnPath } from "./return-path";
import { issuesOf, MSG, type ValidationIssue } from "./messages";

/** The issues of a failed parse, or [] when it passes. */
function issues(schema: z.ZodType, value: unknown): ValidationIssue[] {
  const r = schema.safeParse(value);
  return r.success ? [] : issuesOf(r.error);
}
const keys = (schema: z.ZodType, value: unknown) => issues(schema, value).map((i) => i.key);
const ok = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(`expected ${JSON.stringify(value)} to pass: ${JSON.stringify(issuesOf(r.error))}`);
  return r.data;
};

describe("codePointLength", () => {
  it("counts code points, not UTF-16 units", () => {
    expect(codePointLength("محمد")).toBe(4);
    expect(codePointLength("𝒜b")).toBe(2);
    expect("𝒜b".length).toBe(3);
  });
});

describe("ZEmail", () => {
  it("trims and lowercases before checking", () => {
    expect(ok(ZEmail, "  Ann.Lee@Example.COM ")).toBe("ann.lee@example.com");
  });

  it("accepts common addresses", () => {
    for (const e of ["a@b.co", "first.last+tag@sub.domain.org", "o'neil@mail.example.tr", "x_y-z@domain-with-dash.io", "user@xn--80ak6aa92e.xn--p1ai"]) {
      expect(ok(ZEmail, e)).toBe(e);
    }
  });

  it("accepts a bracketed IPv4 literal", () => {
    expect(ok(ZEmail, "user@[192.168.0.1]")).toBe("user@[192.168.0.1]");
  });

  it("rejects an out-of-range bracketed IP", () => {
    expect(keys(ZEmail, "user@[256.1.1.1]")).toEqual([MSG.email]);
    expect(keys(ZEmail, "user@[1.2.3]")).toEqual([MSG.email]);
  });

  it("rejects addresses without a 2+ letter TLD or with a broken shape", () => {
    for (const e of [
      "a@b",
      "a@b.c",
      "a@@b.com",
      "user@example",
      "user@example.c0m",
      "plainaddress",
      "@example.com",
      "a@",
      "a b@example.com",
      "a..b@example.com",
      ".a@example.com",
      "a@-example.com",
      "a@example..com",
    ]) {
      expect(keys(ZEmail, e), e).toEqual([MSG.email]);
    }
  });

  it("reports empty, blank and missing as required", () => {
    expect(keys(ZEmail, "")).toEqual([MSG.required]);
    expect(keys(ZEmail, "   ")).toEqual([MSG.required]);
    expect(keys(ZEmail, undefined)).toEqual([MSG.required]);
    expect(keys(ZEmail, null)).toEqual([MSG.required]);
  });

  it("reports a non-string as an invalid e-mail", () => {
    expect(keys(ZEmail, 42)).toEqual([MSG.email]);
  });

  it("allows 254 characters and rejects 255 with the bound", () => {
    const e254 = "a".repeat(60) + "@" + ["b".repeat(60), "c".repeat(60), "d".repeat(60)].join(".") + "." + "e".repeat(10);
    expect(e254.length).toBe(254);
    expect(ok(ZEmail, e254)).toBe(e254);
    const e253 = e254.slice(1);
    expect(e253.length).toBe(253);
    expect(ok(ZEmail, e253)).toBe(e253);
    const e255 = e254 + "e";
    expect(issues(ZEmail, e255)).toEqual([{ path: "", key: MSG.maxLength, params: { maximum: 254 } }]);
  });

  it("limits the local part to 64 characters", () => {
    expect(ok(ZEmail, `${"a".repeat(64)}@example.com`)).toBe(`${"a".repeat(64)}@example.com`);
    expect(keys(ZEmail, `${"a".repeat(65)}@example.com`)).toEqual([MSG.email]);
  });

  it("is case-insensitive even without the lowercasing", () => {
    expect(EMAIL_PATTERN.test("USER@EXAMPLE.COM")).toBe(true);
  });
});

describe("ZPassword", () => {
  it("accepts 6 and rejects 5 with the minimum", () => {
    expect(ok(ZPassword, "abcdef")).toBe("abcdef");
    expect(issues(ZPassword, "abcde")).toEqual([{ path: "", key: MSG.minLength, params: { minimum: 6 } }]);
  });

  it("keeps a long password exactly as typed", () => {
    const long = " Aa1!".repeat(20) + "ÇğİşÖü محمد ";
    expect(long.length).toBeGreaterThan(100);
    expect(ok(ZPassword, long)).toBe(long);
    const hundred = "x".repeat(99) + "Y";
    expect(ok(ZPassword, hundred)).toBe(hundred);
  });

  it("accepts 1024 characters and rejects 1025", () => {
    expect(ok(ZPassword, "p".repeat(1024))).toHaveLength(1024);
    expect(issues(ZPassword, "p".repeat(1025))).toEqual([{ path: "", key: MSG.maxLength, params: { maximum: 1024 } }]);
  });

  it("reports empty, blank and missing as required", () => {
    expect(keys(ZPassword, "")).toEqual([MSG.required]);
    expect(keys(ZPassword, "      ")).toEqual([MSG.required]);
    expect(keys(ZPassword, undefined)).toEqual([MSG.required]);
  });
});

describe("ZCurrentPassword", () => {
  it("only requires a value and caps its length", () => {
    expect(ok(ZCurrentPassword, "abc")).toBe("abc");
    expect(keys(ZCurrentPassword, "")).toEqual([MSG.required]);
    expect(keys(ZCurrentPassword, "p".repeat(1025))).toEqual([MSG.maxLength]);
  });
});

describe("ZPersonName", () => {
  it("accepts Turkish, Arabic, Russian and Latin names", () => {
    for (const n of ["Çağrı", "İpek", "محمد", "Ольга", "Anna", "Şükrü", "Ğ ü"]) expect(ok(ZPersonName, n)).toBe(n);
  });

  it("accepts hyphens, apostrophes, spaces and dots", () => {
    for (const n of ["Anne-Marie", "O'Neil", "D’Angelo", "Mary Ann", "J. R.", "Abd al-Rahman"]) expect(ok(ZPersonName, n)).toBe(n);
  });

  it("trims before counting", () => {
    expect(ok(ZPersonName, "  Ipek  ")).toBe("Ipek");
    expect(keys(ZPersonName, " A ")).toEqual([MSG.minLength]);
  });

  it("accepts 2 and 15 characters, rejects 1 and 16 with the bound", () => {
    expect(ok(ZPersonName, "Al")).toBe("Al");
    expect(ok(ZPersonName, "A".repeat(15))).toBe("A".repeat(15));
    expect(issues(ZPersonName, "A")).toEqual([{ path: "", key: MSG.minLength, params: { minimum: 2 } }]);
    expect(issues(ZPersonName, "A".repeat(16))).toEqual([{ path: "", key: MSG.maxLength, params: { maximum: 15 } }]);
  });

  it("counts non-Latin letters as one character each", () => {
    const arabic15 = "محمدمحمدمحمدمحم";
    expect(codePointLength(arabic15)).toBe(15);
    expect(ok(ZPersonName, arabic15)).toBe(arabic15);
    expect(keys(ZPersonName, arabic15 + "د")).toEqual([MSG.maxLength]);
    const turkish15 = "Çağrıİpekşğüöçı";
    expect(codePointLength(turkish15)).toBe(15);
    expect(ok(ZPersonName, turkish15)).toBe(turkish15);
    expect(ok(ZPersonName, "Ол")).toBe("Ол");
  });

  it("normalises decomposed letters so İ counts once", () => {
    const decomposed = "I\u0307pek"; // I + combining dot above
    expect(decomposed.length).toBe(5);
    expect(ok(ZPersonName, decomposed)).toBe("İpek");
    const fifteen = "I\u0307" + "a".repeat(14);
    expect(ok(ZPersonName, fifteen)).toBe("İ" + "a".repeat(14));
  });

  it.each(["_", "!", "?", "/", "+", "=", "@", "#", "$", "%", "&", "*", "(", ")", "{", "}", "|", "~", "<", ">", ";", ":", "[", "]"])(
    "rejects the special character %s",
    (ch) => {
      expect(keys(ZPersonName, `Ann${ch}a`)).toEqual([MSG.name]);
    },
  );

  it("rejects digits of any script", () => {
    for (const n of ["Anna1", "0lga", "محمد٣", "Ann²"]) expect(keys(ZPersonName, n), n).toEqual([MSG.name]);
  });

  it("rejects control characters and names without a letter", () => {
    expect(keys(ZPersonName, "An\tna")).toEqual([MSG.name]);
    expect(keys(ZPersonName, "--")).toEqual([MSG.name]);
    expect(keys(ZPersonName, "' '")).toEqual([MSG.name]);
  });

  it("reports empty and missing as required", () => {
    expect(keys(ZPersonName, "")).toEqual([MSG.required]);
    expect(keys(ZPersonName, "   ")).toEqual([MSG.required]);
    expect(keys(ZPersonName, undefined)).toEqual([MSG.required]);
  });
});

describe("ZUsername", () => {
  it("accepts 5 and 30 characters", () => {
    expect(ok(ZUsername, "abcde")).toBe("abcde");
    expect(ok(ZUsername, "a".repeat(30))).toBe("a".repeat(30));
    expect(ok(ZUsername, "Ольга_1")).toBe("Ольга_1");
  });

  it("rejects 4 and 31 characters with the bound", () => {
    expect(issues(ZUsername, "abcd")).toEqual([{ path: "", key: MSG.minLength, params: { minimum: 5 } }]);
    expect(issues(ZUsername, "a".repeat(31))).toEqual([{ path: "", key: MSG.maxLength, params: { maximum: 30 } }]);
  });

  it("rejects any whitespace with the username key", () => {
    for (const u of ["john doe", " johndoe", "johndoe ", "john\tdoe", "john\u00a0doe", "john\u200bdoe", "john\ndoe"]) {
      expect(keys(ZUsername, u), JSON.stringify(u)).toEqual([MSG.username]);
    }
  });

  it("reports empty, blank and missing as required", () => {
    expect(keys(ZUsername, "")).toEqual([MSG.required]);
    expect(keys(ZUsername, "      ")).toEqual([MSG.required]);
    expect(keys(ZUsername, undefined)).toEqual([MSG.required]);
  });
});

describe("ZPhone", () => {
  it("accepts a plus and 12 digits", () => {
    expect(ok(ZPhone, "+901234567890")).toBe("+901234567890");
    expect(ok(ZPhone, "+1")).toBe("+1");
  });

  it("rejects 13 digits, a missing plus and other characters", () => {
    expect(keys(ZPhone, "+9012345678901")).toEqual([MSG.phone]);
    expect(keys(ZPhone, "901234567890")).toEqual([MSG.phone]);
    expect(keys(ZPhone, "+")).toEqual([MSG.phone]);
    expect(keys(ZPhone, "+90abc")).toEqual([MSG.phone]);
    expect(keys(ZPhone, "++90123")).toEqual([MSG.phone]);
    expect(keys(ZPhone, "+90.212.000")).toEqual([MSG.phone]);
    expect(keys(ZPhone, "+٩٠١٢")).toEqual([MSG.phone]);
  });

  it("normalises formatted input", () => {
    expect(ok(ZPhone, "+90 212 000 00 00")).toBe("+902120000000");
    expect(ok(ZPhone, " +7 (495) 123-45-67 ")).toBe("+74951234567");
    expect(normalizePhone("+1 (555) 010–0000")).toBe("+15550100000");
  });

  it("counts digits after normalising", () => {
    expect(keys(ZPhone, "+90 212 000 00 00 1")).toEqual([MSG.phone]);
  });

  it("reports empty, formatting-only and missing as required", () => {
    expect(keys(ZPhone, "")).toEqual([MSG.required]);
    expect(keys(ZPhone, " ( ) - ")).toEqual([MSG.required]);
    expect(keys(ZPhone, undefined)).toEqual([MSG.required]);
  });
});

describe("ZPhoneOptional", () => {
  it("turns blank into undefined and still checks a value", () => {
    expect(ok(ZPhoneOptional, "")).toBeUndefined();
    expect(ok(ZPhoneOptional, " ( ) ")).toBeUndefined();
    expect(ok(ZPhoneOptional, undefined)).toBeUndefined();
    expect(ok(ZPhoneOptional, null)).toBeUndefined();
    expect(ok(ZPhoneOptional, "+90 212 000 00 00")).toBe("+902120000000");
    expect(keys(ZPhoneOptional, "12345")).toEqual([MSG.phone]);
  });
});

describe("isSafeReturnPath / ZReturnPath", () => {
  it.each(["/", "/en/courses?x=1#top", "/tr/courses/42", "/%0d%0aLocation:x", "/en/search?q=a%2F%2Fb", "/javascript:alert(1)"])("accepts %s", (path) => {
    expect(isSafeReturnPath(path)).toBe(true);
    expect(ok(ZReturnPath, path)).toBe(path);
  });

  it.each([
    "//evil.com",
    "/\\evil.com",
    "https://evil.com",
    "javascript:alert(1)",
    "/\r\nLocation:x",
    "/\t/evil.com",
    "/x\u0000",
    "\\\\evil.com",
    "evil.com",
    " /en",
    "",
    "/en\\..\\x",
  ])("rejects %j", (path) => {
    expect(isSafeReturnPath(path)).toBe(false);
    expect(keys(ZReturnPath, path)).toEqual([MSG.redirect]);
  });

  it("accepts 2048 characters and rejects 2049", () => {
    const p2048 = "/" + "a".repeat(2047);
    expect(isSafeReturnPath(p2048)).toBe(true);
    expect(isSafeReturnPath(p2048 + "a")).toBe(false);
    expect(keys(ZReturnPath, p2048 + "a")).toEqual([MSG.redirect]);
  });

  it("rejects non-strings", () => {
    expect(isSafeReturnPath(undefined)).toBe(false);
    expect(isSafeReturnPath(42)).toBe(false);
    expect(keys(ZReturnPath, undefined)).toEqual([MSG.redirect]);
  });
});
