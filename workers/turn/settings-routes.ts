// GET/PUT /:id/settings: the session's system prompt (null restores the default), custom agent
// prompt, whether it replaces the system prompt, and reminders. Stored in the session object.
import { Hono } from 'hono'
import { contextOperations, type TurnSettings, type TurnSettingsPatch } from '../context'
import {
  callOperation,
  openAuthorizedSession,
  sessionIdParamSchema,
  validate,
  type AppEnv,
} from '../http'
import { settingsBodySchema, type SettingsBody } from './schemas'

function settingsView(settings: TurnSettings) {
  return {
    system_prompt: settings.systemPrompt,
    custom_agent_prompt: settings.customAgentPrompt,
    replace_system_prompt: settings.replaceSystemPrompt,
    reminders: settings.reminders,
  }
}

function toPatch(body: SettingsBody): TurnSettingsPatch {
  return {
    ...(body.system_prompt !== undefined ? { systemPrompt: body.system_prompt } : {}),
    ...(body.custom_agent_prompt !== undefined
      ? { customAgentPrompt: body.custom_agent_prompt }
      : {}),
    ...(body.replace_system_prompt !== undefined
      ? { replaceSystemPrompt: body.replace_system_prompt }
      : {}),
    ...(body.reminders !== undefined ? { reminders: body.reminders } : {}),
  }
}

export const settingsRoutes = new Hono<AppEnv>()
  .get('/:id/settings', validate('param', sessionIdParamSchema), async (c) => {
    const stub = await openAuthorizedSession(c, c.req.valid('param').id)
    return c.json(settingsView(await callOperation(stub, contextOperations.settings, {})))
  })
  .put(
    '/:id/settings',
    validate('param', sessionIdParamSchema),
    validate('json', settingsBodySchema),
    async (c) => {
      const stub = await openAuthorizedSession(c, c.req.valid('param').id)
      const patch = toPatch(c.req.valid('json'))
      const updated = await callOperation(stub, contextOperations.updateSettings, patch)
      return c.json(settingsView(updated))
    },
  )
