import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { contentVersion } from "../db/schema/content";
import { notifyOnCommit, type Bus } from "./bus";

/**
 * The content version (docs/decisions/0027): one number in the database that every content write
 * raises, in the write's own transaction, through `changeContent` — the one function for writes to
 * portal settings, navigation, pages, policies, courses, elements, microcourses, video events and
 * form definitions. Caches of content (platform/versioned-cache.ts, platform/page-cache.ts) are
 * keyed by it, so a write is seen by the next read without any TTL.
 *
 * How an instance learns a new version:
 * - the writer's own process at once, after the commit (read your writes): every instance built on
 *   that same `Db` handle shares one local version;
 * - every other instance over the bus: the write sends `{topic: "content", kind: "bumped", id}` by
 *   NOTIFY inside its transaction, so it goes out exactly when the write commits, ids only;
 * - after a lost bus connection (events may be lost) an instance drops everything it cached and
 *   reads the version again.
 * Each instance keeps the highest version it has seen: events arriving out of order never move it back.
 */

export const CONTENT_TOPIC = "content";
export const CONTENT_BUMPED = "bumped";

/** What listeners hear: a higher version, or a resync after a lost connection (drop everything). */
export interface ContentChange {
  version: number;
  resync: boolean;
}
export type ContentListener = (change: ContentChange) => void;

export interface ContentVersion {
  /** The highest content version this instance knows of; caches key their entries by it. */
  current(): number;
  /** Called when the version moves forward and after a resync. Returns the unsubscribe. */
  onChange(listener: ContentListener): () => void;
  /** Stops listening to the bus (the local version stays for other instances on the same handle). */
  close(): void;
}

interface LocalVersion {
  version: number;
  listeners: Set<ContentListener>;
}

/** One local version per database handle: instances on the same handle see each other's writes at once. */
const locals = new WeakMap<Db, LocalVersion>();
/** Transactions that are inside a content change: a nested change joins them. */
const inChange = new WeakSet<object>();

function localOf(db: Db): LocalVersion {
  let local = locals.get(db);
  if (!local) {
    local = { version: 0, listeners: new Set() };
    locals.set(db, local);
  }
  return local;
}

function tell(local: LocalVersion, change: ContentChange) {
  for (const listener of local.listeners) {
    try {
      listener(change);
    } catch (e) {
      console.error(`mentora: a content version listener failed: ${(e as Error).message}`);
    }
  }
}

function advance(local: LocalVersion, version: number) {
  if (!Number.isSafeInteger(version) || version <= local.version) return;
  local.version = version;
  tell(local, { version, resync: false });
}

/** Both drivers' transaction() take the same callback; the union type hides that from TypeScript. */
type Transactional = { transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> };

/**
 * THE way content is written. Runs `write` in one transaction that also raises the content version
 * and sends the bump on the bus when it commits; afterwards this process's caches on `db` already key
 * by the new version. `tx` is the transaction, typed as the database. A change inside a change joins
 * the outer one (one transaction, one bump), so seed helpers that change content can be composed.
 * When `write` throws, nothing is written and the version stays.
 */
export async function changeContent<T>(db: Db, write: (tx: Db) => Promise<T>): Promise<T> {
  if (inChange.has(db)) return write(db);
  let version = 0;
  const result = await (db as unknown as Transactional).transaction(async (tx) => {
    inChange.add(tx);
    const out = await write(tx);
    // Raised last: the row lock that orders concurrent changes is held only for the commit.
    const [row] = await tx
      .insert(contentVersion)
      .values({ id: 1, version: 1 })
      .onConflictDoUpdate({ target: contentVersion.id, set: { version: sql`${contentVersion.version} + 1` } })
      .returning();
    version = Number(row!.version);
    await tx.execute(notifyOnCommit([{ topic: CONTENT_TOPIC, kind: CONTENT_BUMPED, id: String(version) }]));
    return out;
  });
  advance(localOf(db), version);
  return result;
}

/** The version as stored (0 before the first content write). */
export async function readContentVersion(db: Db): Promise<number> {
  const rows = await db.select({ version: contentVersion.version }).from(contentVersion).limit(1);
  return Number(rows[0]?.version ?? 0);
}

const VERSION_ID = /^\d{1,15}$/;

/** The content version of one instance: read from the database, then moved by writes here and bumps on the bus. */
export async function createContentVersion(db: Db, bus: Bus): Promise<ContentVersion> {
  const local = localOf(db);
  advance(local, await readContentVersion(db));
  const offBus = bus.subscribe(CONTENT_TOPIC, (event) => {
    if (event.kind === CONTENT_BUMPED && VERSION_ID.test(event.id)) advance(local, Number(event.id));
  });
  const offResync = bus.onResync(() => {
    // Bumps sent while the connection was down are lost: drop everything now, then catch up.
    tell(local, { version: local.version, resync: true });
    readContentVersion(db).then(
      (version) => advance(local, version),
      (e: unknown) => console.warn(`mentora: content version not read after a resync: ${(e as Error).message}`),
    );
  });
  const mine = new Set<ContentListener>();
  return {
    current: () => local.version,
    onChange(listener) {
      local.listeners.add(listener);
      mine.add(listener);
      return () => {
        local.listeners.delete(listener);
        mine.delete(listener);
      };
    },
    close() {
      offBus();
      offResync();
      for (const listener of mine) local.listeners.delete(listener);
      mine.clear();
    },
  };
}
