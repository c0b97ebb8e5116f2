/**
 * The meta of a certificate page: it names a person, so it is never indexed, and its address (the
 * number) goes to no other site in a referrer.
 */
export function certificatePageMeta(title: string) {
  return [{ title }, { name: "robots", content: "noindex" }, { name: "referrer", content: "same-origin" }];
}
