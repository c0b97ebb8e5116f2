/** Text for a LIKE pattern that matches `s` literally: LIKE reads %, _ and \ as wildcards and escape. */
export const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
