import { describe, expect, it } from 'vitest'
import {
  contextOperations,
  DEFAULT_TURN_SETTINGS,
  readTurnSettings,
  updateTurnSettings,
} from '../../workers/context'
import { callOperation } from '../../workers/http'
import { createSession } from '../session/helpers'
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
    const { stub } = await createSession()
    await callOperation(stub, contextOperations.updateSettings, { reminders: ['Keep.'] })
    const refused = await stub.operate('context.settings.update', { reminders: 'not a list' })
    expect(refused).toMatchObject({ ok: false, code: 'invalid_input' })
    expect(refused.ok ? '' : refused.message).toContain('reminders')
    const kept = await callOperation(stub, contextOperations.settings, {})
    expect(kept.reminders).toEqual(['Keep.'])
  })
})
