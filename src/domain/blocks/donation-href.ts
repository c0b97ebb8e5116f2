/* Apart from the block's schema: the browser's block imports this, and zod stays out of its chunk (decision 0041). */

/** The donation page address with the amount (and currency) filled in, keeping its own query. */
export function donationHref(url: string, amount: number, currency: string, amountParam = "amount"): string {
  const relative = url.startsWith("/");
  const u = new URL(url, "http://relative.invalid");
  u.searchParams.set(amountParam, String(amount));
  u.searchParams.set("currency", currency);
  return relative ? `${u.pathname}${u.search}${u.hash}` : u.toString();
}
