import { describe, expect, it } from 'vitest'
import {
  contextOps,
  DEFAULT_TURN_SETTINGS,
  readTurnSettings,
  updateTurnSettings,
} from '../../workers/context'
import { withSql } from '../turn/helpers'

describe('context settings', () => {
  it('starts from the defaults', async () => {
    await withSql(async (sql) => {
      expect(readTurnSettings(sql)).toEqual(DEFAULT_TURN_SETTINGS)
    })
  })

  it('persists a partial update and keeps the other settings', async () => {
    await withSql(async (sql) => {
      updateTurnSettings(sql, { systemPrompt: 'Be terse.', reminders: ['Cite.'] })
      updateTurnSettings(sql, { customAgentPrompt: 'You review grants.' })
      expect(readTurnSettings(sql)).toEqual({
        systemPrompt: 'Be terse.',
        customAgentPrompt: 'You review grants.',
        replaceSystemPrompt: false,
        reminders: ['Cite.'],
      })
    })
  })

  it('restores the default system prompt when set to null', async () => {
    await withSql(async (sql) => {
      updateTurnSettings(sql, { systemPrompt: 'Be terse.' })
      expect(updateTurnSettings(sql, { systemPrompt: null }).systemPrompt).toBeNull()
    })
  })

  it('rejects a malformed patch arriving over RPC and keeps what was stored', async () => {
    await withSql(async (sql) => {
      updateTurnSettings(sql, { reminders: ['Keep.'] })
      expect(() => contextOps.updateSettings(sql, { reminders: 'not a list' })).toThrow()
      expect(readTurnSettings(sql).reminders).toEqual(['Keep.'])
    })
  })
})
