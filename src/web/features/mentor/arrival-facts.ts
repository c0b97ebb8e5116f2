/** The arrival tags a mentor reads first, in this order; any other utm_* follows. */
const UTM_ORDER = ["utm_campaign", "utm_source", "utm_medium", "utm_term", "utm_content"];

/** One arrival's tags as label/value pairs, known ones first; empty values are left out. */
export function utmFacts(utm: Record<string, string>): Array<[string, string]> {
  const entries = Object.entries(utm).filter(([, v]) => v.trim() !== "");
  const rank = (k: string) => (UTM_ORDER.includes(k) ? UTM_ORDER.indexOf(k) : UTM_ORDER.length);
  return entries.sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}
