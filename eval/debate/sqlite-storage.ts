// A Durable Object's `SqlStorage` for Node: the parts the session store and the context
// tables use (exec with bindings -> a cursor with next/one/toArray/raw/iteration), over
// Node 22's built-in SQLite (node:sqlite DatabaseSync), in memory.
import { DatabaseSync, type SQLOutputValue } from 'node:sqlite'

type Row = Record<string, SqlStorageValue>

function toValue(value: SQLOutputValue): SqlStorageValue {
  if (typeof value === 'bigint') return Number(value)
  if (value instanceof Uint8Array) return value.slice().buffer
  return value
}

function toRow(raw: Record<string, SQLOutputValue>): Row {
  const row: Row = {}
  for (const [key, value] of Object.entries(raw)) row[key] = toValue(value)
  return row
}

/** The cursor of one exec: rows already read (DO SQL reads eagerly enough for our sizes). */
function cursorOver<T extends Row>(rows: T[], columnNames: string[], written: number) {
  let at = 0
  const next = (): { done?: false; value: T } | { done: true; value?: never } =>
    at < rows.length ? { value: rows[at++] as T } : { done: true }
  const iterate = function* () {
    while (at < rows.length) yield rows[at++] as T
  }
  return {
    next,
    toArray: () => rows.slice(at),
    one(): T {
      if (rows.length !== 1) throw new Error(`Expected exactly one result, got ${rows.length}`)
      return rows[0] as T
    },
    raw: function* () {
      for (const row of iterate()) yield columnNames.map((c) => row[c] ?? null)
    },
    columnNames,
    rowsRead: rows.length,
    rowsWritten: written,
    [Symbol.iterator]: iterate,
  }
}

export interface NodeSqlStorage {
  sql: SqlStorage
  close(): void
}

/** An in-memory SQLite database seen through the SqlStorage interface. */
export function createNodeSqlStorage(): NodeSqlStorage {
  const db = new DatabaseSync(':memory:')
  const exec = <T extends Row>(query: string, ...bindings: SqlStorageValue[]) => {
    const values = bindings.map((b) => (b instanceof ArrayBuffer ? new Uint8Array(b) : b))
    // Several statements without bindings (DO SQL allows them): run as a script.
    if (values.length === 0 && /;\s*\S/.test(query.trim().replace(/;$/, ''))) {
      db.exec(query)
      return cursorOver<T>([], [], 0)
    }
    const statement = db.prepare(query)
    const columns = statement.columns().map((c) => c.name)
    if (columns.length === 0) {
      const { changes } = statement.run(...values)
      return cursorOver<T>([], [], Number(changes))
    }
    const rows = statement.all(...values).map((r) => toRow(r) as T)
    return cursorOver<T>(rows, columns, 0)
  }
  // Structurally what the session code calls; the Cursor/Statement classes are never used.
  const sql = { exec, databaseSize: 0 } as unknown as SqlStorage
  return { sql, close: () => db.close() }
}
