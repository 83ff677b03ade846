// A session's context settings (system prompt, custom agent, reminders), kept in the session
// object's SQLite so they persist; read and written only through these functions.
import { z } from 'zod'

export const turnSettingsSchema = z.object({
  /** null = the default system prompt. */
  systemPrompt: z.string().trim().min(1).max(20_000).nullable(),
  customAgentPrompt: z.string().trim().min(1).max(20_000).nullable(),
  /** The custom agent prompt becomes the system prompt instead of moving with the history. */
  replaceSystemPrompt: z.boolean(),
  reminders: z.array(z.string().trim().min(1).max(2_000)).max(10),
})
export type TurnSettings = z.infer<typeof turnSettingsSchema>

export const turnSettingsPatchSchema = turnSettingsSchema.partial()
export type TurnSettingsPatch = z.infer<typeof turnSettingsPatchSchema>

export const DEFAULT_TURN_SETTINGS: TurnSettings = {
  systemPrompt: null,
  customAgentPrompt: null,
  replaceSystemPrompt: false,
  reminders: [],
}

function ensureTable(sql: SqlStorage): void {
  sql.exec(`CREATE TABLE IF NOT EXISTS context_settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    value TEXT NOT NULL
  )`)
}

export function readTurnSettings(sql: SqlStorage): TurnSettings {
  ensureTable(sql)
  const row = sql.exec('SELECT value FROM context_settings WHERE id = 1').toArray()[0]
  if (!row || typeof row.value !== 'string') return { ...DEFAULT_TURN_SETTINGS }
  const parsed = turnSettingsSchema.safeParse(JSON.parse(row.value))
  return parsed.success ? parsed.data : { ...DEFAULT_TURN_SETTINGS }
}

/** Applies a partial update (null restores a prompt's default) and returns the new settings. */
export function updateTurnSettings(sql: SqlStorage, patch: TurnSettingsPatch): TurnSettings {
  const next = turnSettingsSchema.parse({ ...readTurnSettings(sql), ...patch })
  sql.exec(
    `INSERT INTO context_settings (id, value) VALUES (1, ?)
     ON CONFLICT(id) DO UPDATE SET value = excluded.value`,
    JSON.stringify(next),
  )
  return next
}
