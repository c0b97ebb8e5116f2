import { describe, expect, it } from "vitest";
import { apiQuery, csvHref, filterSearch, readOrdersFilter } from "./orders-filter";

describe("the orders screen's filter", () => {
  it("reads what the address holds and drops what is malformed", () => {
    const f = readOrdersFilter(new URLSearchParams("status=paid&gateway=nope&from=2026-01-05&to=2026-13-45&courseId=c1"));
    expect(f).toEqual({ courseId: "c1", status: "paid", gateway: undefined, from: "2026-01-05", to: undefined, after: undefined });
  });
  it("asks the API for whole days: `to` includes its day", () => {
    expect(apiQuery({ from: "2026-01-05", to: "2026-01-05" })).toEqual({ from: "2026-01-05T00:00:00.000Z", to: "2026-01-06T00:00:00.000Z" });
    expect(csvHref({ status: "paid" })).toBe("/api/admin/orders.csv?status=paid");
    expect(filterSearch({ status: "paid" }, "ord_x")).toBe("?status=paid&after=ord_x");
    expect(filterSearch({})).toBe("");
  });
});
