import { describe, expect, it } from "vitest";
import { formatDevLine } from "./dev-log";
import { countedMailer, type Mailer } from "./mail";
import { serializeBody, truncateForLog } from "./request-log";
import { requestIdOf } from "./request-id";

describe("truncateForLog", () => {
  it("keeps short text and cuts long text with an ellipsis and its length", () => {
    expect(truncateForLog("/en/courses")).toBe("/en/courses");
    expect(truncateForLog("x".repeat(200))).toBe("x".repeat(200));
    expect(truncateForLog("x".repeat(201))).toBe(`${"x".repeat(200)}… (201 chars)`);
    expect(serializeBody({ text: "y".repeat(5_000) })).toMatch(/^\{"text":"y+… \(5011 chars\)$/);
  });
});

describe("requestIdOf", () => {
  it("keeps a plain token of 1-128 characters and replaces anything else", () => {
    expect(requestIdOf("abc-DEF_1.2:3")).toBe("abc-DEF_1.2:3");
    for (const bad of [undefined, "", "x".repeat(129), "a b", "a\u0000", ["a", "b"], "é"]) {
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });
});

describe("formatDevLine", () => {
  const time = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
  it("writes a request as one readable line", () => {
    const line = JSON.stringify({
      level: 30,
      time,
      reqId: "r1",
      req: { method: "GET", url: "/en/" },
      res: { statusCode: 200 },
      responseTime: 12.34,
      msg: "request completed",
    });
    expect(formatDevLine(line)).toBe("03:04:05.678 GET /en/ 200 12.3ms r1");
  });

  it("writes other lines with their level, fields and an error's stack", () => {
    const line = JSON.stringify({
      level: 50,
      time,
      pid: 1,
      hostname: "h",
      reqId: "r2",
      userId: "u1",
      err: { message: "boom", stack: "Error: boom\n    at x" },
      msg: "request failed",
    });
    expect(formatDevLine(line)).toBe('03:04:05.678 ERROR request failed r2 {"userId":"u1"}\n  Error: boom\n      at x');
    expect(formatDevLine("not json\n")).toBe("not json");
  });
});

describe("countedMailer", () => {
  it("counts a letter sent or failed, and the failure still reaches the caller", async () => {
    const counts: string[] = [];
    let fail = false;
    const mailer: Mailer = {
      kind: "outbox",
      send: async () => {
        if (fail) throw new Error("smtp down");
      },
      outbox: async () => [],
    };
    const counted = countedMailer(mailer, (o) => counts.push(o));
    await counted.send({ to: "a@example.com", subject: "s", text: "t" });
    fail = true;
    await expect(counted.send({ to: "a@example.com", subject: "s", text: "t" })).rejects.toThrow("smtp down");
    expect(counts).toEqual(["sent", "failed"]);
    expect(counted.kind).toBe("outbox");
  });
});
