import { describe, expect, it, vi } from "vitest";
import { LANGUAGE_PACKAGES } from "../../domain/constants";
import { fetchLanguagePacks, PACKS_ERROR } from "./fetch-packs";

type Fetcher = typeof fetch;

/** A fake fetch that serves the given packages as JSON and answers 404 for the rest. */
function fakeFetcher(packs: Record<string, unknown>, opts: { throwFor?: string[] } = {}) {
  return vi.fn(async (input: Parameters<Fetcher>[0], _init?: RequestInit) => {
    const url = String(input);
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(url);
    const pkg = match?.[2] ?? "";
    if (opts.throwFor?.includes(pkg)) throw new TypeError("Failed to fetch");
    if (pkg in packs) {
      return new Response(JSON.stringify(packs[pkg]), { status: 200, headers: { "content-type": "application/json" } });
    }
    return new Response("not found", { status: 404 });
  });
}

describe("fetchLanguagePacks", () => {
  it("requests every package of the locale without cache and merges them", async () => {
    const fetcher = fakeFetcher({
      common: { hello: "Merhaba" },
      shell: { loading: "Yükleniyor…" },
      errors: { generic: { title: "Hata" } },
      guideline: { nav: "Kılavuz" },
    });
    const log = vi.fn();
    const res = await fetchLanguagePacks("tr", fetcher as unknown as Fetcher, log);

    expect(res).toEqual({
      common: { hello: "Merhaba" },
      shell: { loading: "Yükleniyor…" },
      errors: { generic: { title: "Hata" } },
      guideline: { nav: "Kılavuz" },
    });
    expect(fetcher).toHaveBeenCalledTimes(LANGUAGE_PACKAGES.length);
    for (const pkg of LANGUAGE_PACKAGES) {
      expect(fetcher).toHaveBeenCalledWith(`/locales/tr/${pkg}.json`, expect.objectContaining({ cache: "no-cache" }));
    }
    expect(log).not.toHaveBeenCalled();
  });

  it("merges only the packages that loaded", async () => {
    const fetcher = fakeFetcher({ common: { a: "1" }, errors: { b: "2" } }, { throwFor: ["shell"] });
    const log = vi.fn();
    const res = await fetchLanguagePacks("ru", fetcher as unknown as Fetcher, log);
    expect(res).toEqual({ common: { a: "1" }, errors: { b: "2" } });
    expect(log).not.toHaveBeenCalled();
  });

  it("succeeds when only one package loads", async () => {
    const log = vi.fn();
    const res = await fetchLanguagePacks("ar", fakeFetcher({ guideline: { nav: "x" } }) as unknown as Fetcher, log);
    expect(res).toEqual({ guideline: { nav: "x" } });
    expect(log).not.toHaveBeenCalled();
  });

  it("treats a body that is not JSON as a failed package", async () => {
    const fetcher = vi.fn(async (input: Parameters<Fetcher>[0]) =>
      String(input).endsWith("/common.json")
        ? new Response(JSON.stringify({ ok: "yes" }), { status: 200 })
        : new Response("<html>oops</html>", { status: 200 }),
    );
    const log = vi.fn();
    expect(await fetchLanguagePacks("en", fetcher as unknown as Fetcher, log)).toEqual({ common: { ok: "yes" } });
    expect(log).not.toHaveBeenCalled();
  });

  it("logs exactly the error message and returns null when nothing loads", async () => {
    const log = vi.fn();
    const res = await fetchLanguagePacks("tr", fakeFetcher({}, { throwFor: ["common"] }) as unknown as Fetcher, log);
    expect(res).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toBe("HTTP error while fetching data");
    expect(PACKS_ERROR).toBe("HTTP error while fetching data");
  });

  it("returns null when the network fails for every package", async () => {
    const log = vi.fn();
    const fetcher = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await fetchLanguagePacks("tr", fetcher as unknown as Fetcher, log)).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith("HTTP error while fetching data", expect.anything());
  });
});
