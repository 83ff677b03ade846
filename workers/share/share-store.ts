// A session's share links, kept in the session object's SQLite: created, listed, revoked.
// A link works only while its row exists, is not revoked and has not expired.

export interface ShareRow {
  share_id: string
  created_at: number
  expires_at: number | null
  revoked_at: number | null
}

function table(sql: SqlStorage): SqlStorage {
  sql.exec(`CREATE TABLE IF NOT EXISTS shares (
    share_id TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL,
    expires_at INTEGER,
    revoked_at INTEGER
  )`)
  return sql
}

export function insertShare(sql: SqlStorage, row: Omit<ShareRow, 'revoked_at'>): ShareRow {
  table(sql).exec(
    'INSERT INTO shares (share_id, created_at, expires_at) VALUES (?, ?, ?)',
    row.share_id,
    row.created_at,
    row.expires_at,
  )
  return { ...row, revoked_at: null }
}

export function listShares(sql: SqlStorage): ShareRow[] {
  return table(sql)
    .exec<ShareRow & Record<string, SqlStorageValue>>(
      'SELECT share_id, created_at, expires_at, revoked_at FROM shares ORDER BY created_at',
    )
    .toArray()
}

/** Marks a share revoked; false when there is no such share. */
export function revokeShare(sql: SqlStorage, shareId: string, now: number): boolean {
  const found = listShares(sql).some((share) => share.share_id === shareId)
  if (found) {
    sql.exec(
      'UPDATE shares SET revoked_at = COALESCE(revoked_at, ?) WHERE share_id = ?',
      now,
      shareId,
    )
  }
  return found
}

export function isShareActive(sql: SqlStorage, shareId: string, now: number): boolean {
  const share = listShares(sql).find((row) => row.share_id === shareId)
  if (!share || share.revoked_at !== null) return false
  return share.expires_at === null || share.expires_at > now
}
