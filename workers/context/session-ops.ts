// The context's session operations (settings, files), registered with the session's
// operations registry at module load: SessionDO runs them without knowing this capability.
import { z } from 'zod'
import { defineOperation } from '../session'
import {
  contextFileSchema,
  listContextFiles,
  removeContextFile,
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

const nothing = z.object({}).strict()

export const contextOperations = {
  settings: defineOperation<Record<string, never>, TurnSettings>({
    name: 'context.settings.get',
    input: nothing,
    run: ({ store }) => readTurnSettings(store.sql),
  }),
  updateSettings: defineOperation({
    name: 'context.settings.update',
    input: turnSettingsPatchSchema,
    run: ({ store }, patch): TurnSettings => updateTurnSettings(store.sql, patch),
  }),
  addFile: defineOperation({
    name: 'context.files.add',
    input: contextFileSchema,
    run: ({ store }, file): FileInfo => saveContextFile(store.sql, file),
  }),
  removeFile: defineOperation({
    name: 'context.files.remove',
    input: z.object({ id: z.string().min(1).max(64) }),
    run: ({ store }, { id }): FileInfo | null => removeContextFile(store.sql, id),
  }),
  files: defineOperation<Record<string, never>, FileInfo[]>({
    name: 'context.files.list',
    input: nothing,
    run: ({ store }) => listContextFiles(store.sql).map(toFileInfo),
  }),
}
