/**
 * PostgreSQL administration over a short-lived connection: shared by the bench (its databases) and
 * the integration tests (template and clones). Lives under bench/ because bench must not import tests/.
 */
import pg from "pg";

/** Runs `work` on a short-lived admin connection (CREATE/DROP DATABASE cannot run in a pool transaction). */
export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Database names we generate are plain; anything else is a bug, never an identifier to quote. */
export function quoteIdent(name: string): string {
  if (!/^[a-z0-9_]{1,63}$/.test(name)) throw new Error(`Unexpected database name ${JSON.stringify(name)}`);
  return `"${name}"`;
}
