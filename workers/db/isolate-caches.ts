// What an isolate keeps per database binding between requests (term counts, vector matrices),
// in one place so that whoever empties a database (the tests, between files) forgets it all.
const forgetters = new Set<() => void>()

/** `cacheFor(db)` returns the one value kept for `db` in this isolate, made by `create`. */
export function perDatabaseCache<T extends object>(create: () => T): (db: D1Database) => T {
  let caches = new WeakMap<D1Database, T>()
  forgetters.add(() => {
    caches = new WeakMap()
  })
  return (db) => {
    let cache = caches.get(db)
    if (!cache) caches.set(db, (cache = create()))
    return cache
  }
}

/** Drops every per-database cache of this isolate. */
export function forgetDatabaseCaches(): void {
  for (const forget of forgetters) forget()
}
