// Request shapes at the turn's edges: the message body (also the runner's input, re-checked
// inside the session object), the settings body, and the JSON form of a file upload.
import { z } from 'zod'
import { BUILTIN_TOOL_NAMES } from './tools/registry'

export const turnInputSchema = z.object({
  message: z.string().trim().min(1).max(8_000),
  /** Files uploaded with scope "message", included above this message. */
  file_ids: z.array(z.string().min(1).max(64)).max(10).default([]),
  /** Narrow the tools offered (default: all); [] offers none. */
  tools: z.array(z.string().min(1).max(64)).max(20).optional(),
})
export type TurnInput = z.infer<typeof turnInputSchema>

/** POST /:id/messages: the chat turn offers the built-in tools, so only their names are valid. */
export const messageBodySchema = turnInputSchema.extend({
  tools: z.array(z.enum(BUILTIN_TOOL_NAMES)).max(BUILTIN_TOOL_NAMES.length).optional(),
})

export const settingsBodySchema = z
  .object({
    system_prompt: z.string().trim().min(1).max(20_000).nullable(),
    custom_agent_prompt: z.string().trim().min(1).max(20_000).nullable(),
    replace_system_prompt: z.boolean(),
    reminders: z.array(z.string().trim().min(1).max(2_000)).max(10),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'give at least one setting')
export type SettingsBody = z.infer<typeof settingsBodySchema>

export const fileJsonSchema = z
  .object({
    name: z.string().trim().min(1).max(300),
    content_type: z.string().trim().min(1).max(200).optional(),
    content_base64: z.string().min(1).optional(),
    text: z.string().min(1).optional(),
    scope: z.enum(['message', 'project']).default('message'),
  })
  .strict()
  .refine((body) => (body.content_base64 === undefined) !== (body.text === undefined), {
    message: 'give exactly one of content_base64 or text',
  })
export type FileJson = z.infer<typeof fileJsonSchema>
