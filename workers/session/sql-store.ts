// SessionStore over the DO's SQLite: history rows and named checkpoints. Synchronous, like
// DO SQL itself, so a runner's saves cannot interleave with another request's.
import type { MessageRole, NewMessage, SessionStore, StoredMessage } from './run-types'

interface MessageRow extends Record<string, SqlStorageValue> {
  id: string
  idx: number
  role: string
  content: string
  data: string
  created_at: number
}

function toMessage(row: MessageRow): StoredMessage {
  return {
    id: row.id,
    index: row.idx,
    role: row.role as MessageRole,
    content: row.content,
    data: JSON.parse(row.data) as Record<string, unknown>,
    createdAt: row.created_at,
  }
}

export function createSqlStore(
  sql: SqlStorage,
  sessionId: string,
  now: () => number,
): SessionStore {
  const readMessage = (id: string): StoredMessage | undefined => {
    const rows = sql.exec<MessageRow>('SELECT * FROM messages WHERE id = ?', id).toArray()
    return rows[0] ? toMessage(rows[0]) : undefined
  }
  return {
    sessionId,
    sql,
    listMessages: () =>
      sql.exec<MessageRow>('SELECT * FROM messages ORDER BY idx').toArray().map(toMessage),
    appendMessage(message: NewMessage): StoredMessage {
      const id = crypto.randomUUID()
      sql.exec(
        `INSERT INTO messages (id, idx, role, content, data, created_at)
         VALUES (?, (SELECT COALESCE(MAX(idx) + 1, 0) FROM messages), ?, ?, ?, ?)`,
        id,
        message.role,
        message.content,
        JSON.stringify(message.data ?? {}),
        now(),
      )
      const stored = readMessage(id)
      if (!stored) throw new Error('message insert was not visible')
      return stored
    },
    updateMessage(id, patch) {
      if (patch.content !== undefined) {
        sql.exec('UPDATE messages SET content = ? WHERE id = ?', patch.content, id)
      }
      if (patch.data !== undefined) {
        sql.exec('UPDATE messages SET data = ? WHERE id = ?', JSON.stringify(patch.data), id)
      }
    },
    getCheckpoint<T>(name: string): T | undefined {
      const row = sql
        .exec<{ value: string }>('SELECT value FROM checkpoints WHERE name = ?', name)
        .toArray()[0]
      return row ? (JSON.parse(row.value) as T) : undefined
    },
    putCheckpoint(name, value) {
      sql.exec(
        `INSERT INTO checkpoints (name, value, updated_at) VALUES (?, ?, ?)
         ON CONFLICT(name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
        name,
        JSON.stringify(value ?? null),
        now(),
      )
    },
  }
}
