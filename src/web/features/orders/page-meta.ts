/**
 * The meta of the personal pages (orders, receipts, gifts, the test checkout): never indexed, and their
 * addresses carry ids, tokens and tickets that no referrer may carry to another site.
 */
export function privatePageMeta(title: string) {
  return [{ title }, { name: "robots", content: "noindex" }, { name: "referrer", content: "same-origin" }];
}
