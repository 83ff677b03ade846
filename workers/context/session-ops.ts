// The context operations SessionDO exposes over RPC (settings, files). Arguments crossed an RPC
// boundary, so they are parsed again here; the DO only delegates.
import {
  contextFileSchema,
  listContextFiles,
  saveContextFile,
  toFileInfo,
  type FileInfo,
} from './file-store'
import {
  readTurnSettings,
  turnSettingsPatchSchema,
  updateTurnSettings,
  type TurnSettings,
} from './settings'

export const contextOps = {
  settings: (sql: SqlStorage): TurnSettings => readTurnSettings(sql),
  updateSettings: (sql: SqlStorage, patch: unknown): TurnSettings =>
    updateTurnSettings(sql, turnSettingsPatchSchema.parse(patch)),
  addFile: (sql: SqlStorage, file: unknown): FileInfo =>
    saveContextFile(sql, contextFileSchema.parse(file)),
  files: (sql: SqlStorage): FileInfo[] => listContextFiles(sql).map(toFileInfo),
}
