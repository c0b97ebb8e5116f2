import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchUnreadCount } from "./unread-check";

const overloaded = () =>
  new Response(JSON.stringify({ error: { code: "OVERLOADED", key: "errors:codes.OVERLOADED", message: "busy" } }), {
    status: 503,
    headers: { "retry-after": "5" },
  });
const count = (n: number) => new Response(JSON.stringify({ unreadMessagesCount: n }), { status: 200 });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("fetchUnreadCount", () => {
  it("reads the count after one polite retry of a typed 503", async () => {
    vi.useFakeTimers();
    const replies = [overloaded, () => count(3)];
    const fetchMock = vi.fn(async () => replies.shift()!());
    vi.stubGlobal("fetch", fetchMock);
    const result = fetchUnreadCount();
    await vi.runAllTimersAsync();
    expect(await result).toBe(3);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("is silent (null) when the retry is refused too", async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => overloaded());
    vi.stubGlobal("fetch", fetchMock);
    const result = fetchUnreadCount();
    await vi.runAllTimersAsync();
    expect(await result).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
