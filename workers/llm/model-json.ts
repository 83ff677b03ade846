// Model JSON parsing (seed 000 step 11): strict JSON.parse -> repair -> field extraction ->
// raw text as the message field. Every stage is validated by the caller's zod schema.
import { z } from 'zod'
import type { ChatModel, ModelRequest, ModelResponse } from './chat-model'
import { extractFields, type FieldKind } from './json-extract'
import { repairCandidates } from './json-repair'

export type ParseMethod = 'strict' | 'repaired' | 'extracted' | 'raw'

export interface ParsedModelJson<T> {
  /** null only when even the raw fallback does not satisfy the schema. */
  value: T | null
  /** The stage that produced `value` ('raw' also when nothing did). */
  method: ParseMethod
  raw: string
}

export interface ParseModelJsonOptions<T> {
  schema: z.ZodType<T>
  /** Seed 000: when all parsing fails, the whole text becomes this field. */
  messageField?: string
}

interface Field {
  kind: FieldKind
  required: boolean
}

const KINDS: Record<string, FieldKind> = {
  string: 'string',
  array: 'array',
  number: 'number',
  boolean: 'boolean',
}

/** Looks through optional/default/nullable/pipe wrappers to the field's own type. */
function describeField(schema: z.ZodType): Field {
  let current: z.ZodType = schema
  let required = true
  for (let depth = 0; depth < 8; depth++) {
    const def = current.def as { type: string; innerType?: z.ZodType; in?: z.ZodType }
    if (['optional', 'default', 'prefault', 'catch'].includes(def.type)) required = false
    const next = def.innerType ?? (def.type === 'pipe' ? def.in : undefined)
    if (!next) break
    current = next
  }
  return { kind: KINDS[current.def.type] ?? 'other', required }
}

function fieldsOf(schema: z.ZodType): Record<string, Field> | null {
  if (!(schema instanceof z.ZodObject)) return null
  const shape = schema.shape as Record<string, z.ZodType>
  return Object.fromEntries(
    Object.entries(shape).map(([name, field]) => [name, describeField(field)]),
  )
}

/** Required string/array fields the text did not give default to empty, as seed 000 does. */
function withEmptyDefaults(found: Record<string, unknown>, fields: Record<string, Field>) {
  const filled: Record<string, unknown> = { ...found }
  for (const [name, field] of Object.entries(fields)) {
    if (name in filled || !field.required) continue
    if (field.kind === 'string') filled[name] = ''
    if (field.kind === 'array') filled[name] = []
  }
  return filled
}

function tryParse<T>(text: string, schema: z.ZodType<T>): { ok: true; value: T } | { ok: false } {
  try {
    const parsed = schema.safeParse(JSON.parse(text))
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false }
  } catch {
    return { ok: false }
  }
}

export function parseModelJson<T>(
  text: string,
  options: ParseModelJsonOptions<T>,
): ParsedModelJson<T> {
  const { schema, messageField } = options
  const strict = tryParse(text, schema)
  if (strict.ok) return { value: strict.value, method: 'strict', raw: text }
  for (const candidate of repairCandidates(text)) {
    const repaired = tryParse(candidate, schema)
    if (repaired.ok) return { value: repaired.value, method: 'repaired', raw: text }
  }
  const fields = fieldsOf(schema)
  if (fields) {
    const kinds = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.kind]))
    const found = extractFields(text, kinds)
    if (Object.keys(found).length > 0) {
      const extracted = schema.safeParse(withEmptyDefaults(found, fields))
      if (extracted.success) return { value: extracted.data, method: 'extracted', raw: text }
    }
  }
  if (messageField) {
    const asMessage = { [messageField]: text.trim() }
    const raw = schema.safeParse(fields ? withEmptyDefaults(asMessage, fields) : asMessage)
    if (raw.success) return { value: raw.data, method: 'raw', raw: text }
  }
  return { value: null, method: 'raw', raw: text }
}

/** The JSON Schema sent as response_format; `$schema` is dropped (some servers reject it). */
export function toResponseSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Record<
    string,
    unknown
  >
  delete json.$schema
  return json
}

export interface CompleteJsonOptions {
  messageField?: string
  /** Name sent with the schema (default 'response'). */
  name?: string
}

/** complete() with the schema as response_format, then parseModelJson on the text. */
export async function completeJson<T>(
  model: ChatModel,
  request: ModelRequest,
  schema: z.ZodType<T>,
  signal?: AbortSignal,
  options: CompleteJsonOptions = {},
): Promise<ParsedModelJson<T> & { response: ModelResponse }> {
  const jsonSchema = {
    name: options.name ?? request.jsonSchema?.name ?? 'response',
    schema: toResponseSchema(schema),
  }
  const response = await model.complete({ ...request, jsonSchema }, signal)
  return {
    ...parseModelJson(response.text, { schema, messageField: options.messageField }),
    response,
  }
}
