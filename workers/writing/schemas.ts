// Request shapes of the writing routes (also used by /openapi.json), the run's input, and the
// stage 1 model output of seed 000 (message, document_content, document_structure, sources,
// new_types).
import { z } from 'zod'
import { citationStyleSchema } from './citation-style'
import { placementSchema } from './placement/types'

const sessionId = z.string().trim().min(1).max(128)

export const attachedSectionSchema = z.object({
  type: z.string().trim().max(40).optional(),
  text: z.string().max(8_000).optional(),
  content: z.string().max(8_000).optional(),
  note: z.string().max(2_000).optional(),
  source: z.string().max(2_000).optional(),
})
export type AttachedSection = z.infer<typeof attachedSectionSchema>

const writeFields = {
  message: z.string().trim().min(1).max(8_000),
  mode: z.enum(['write', 'research']).default('write'),
  attached_sections: z.array(attachedSectionSchema).max(20).default([]),
}

export const chatMessageBodySchema = z.object({ session_id: sessionId, ...writeFields })

export const rewriteBodySchema = z.object({
  session_id: sessionId,
  /** Why the last content was rejected, when the user said. */
  reason: z.string().trim().max(2_000).optional(),
  mode: z.enum(['write', 'research']).default('write'),
})

/** The 'writing' run's input, re-checked inside the session object. */
export const writingInputSchema = z.object({
  kind: z.enum(['message', 'rewrite']),
  ...writeFields,
  reason: z.string().max(2_000).optional(),
})
export type WritingInput = z.infer<typeof writingInputSchema>

export const contentParamSchema = z.object({ id: z.string().trim().min(1).max(64) })
export const approveBodySchema = z.object({
  session_id: sessionId,
  /** A placement the user already previewed (POST …/placement); otherwise one is decided. */
  placement: placementSchema.optional(),
  /** The document version the preview was made on: if the document changed since, the
   * previewed placement is not used (a new one is decided on the current document). */
  base_version: z.number().int().nonnegative().optional(),
})
export const rejectBodySchema = z.object({
  session_id: sessionId,
  reason: z.string().trim().max(2_000).optional(),
})
export const previewBodySchema = z.object({ session_id: sessionId })

export const documentParamSchema = z.object({ session: sessionId })
export const versionParamSchema = documentParamSchema.extend({
  n: z.coerce.number().int().positive(),
})
export const putDocumentBodySchema = z.object({ markdown: z.string().max(2_000_000) })
export const exportQuerySchema = z.object({ format: z.enum(['md', 'bib']).default('md') })
export const citationStyleBodySchema = z.object({ style: citationStyleSchema })

const typeName = z.string().trim()

/** An operator's shared type (PUT /api/document-types/:name, API key). */
export const sharedTypeParamSchema = z.object({ name: z.string().trim().min(1).max(40) })
export const sharedTypeBodySchema = z.object({
  description: z.string().trim().min(1).max(500),
  metadata_schema: z
    .record(z.string(), z.unknown())
    .refine((value) => JSON.stringify(value).length <= 4_000, 'at most 4,000 characters as JSON')
    .default({}),
})

export const newTypeSchema = z.object({
  type_name: typeName,
  description: z.string().default(''),
  metadata_schema: z.record(z.string(), z.unknown()).default({}),
})

/** Lenient on purpose: a model's slightly-off field should not cost the whole reply. */
export const stage1OutputSchema = z.object({
  message: z.string().default(''),
  document_content: z.string().default(''),
  document_structure: z.array(z.unknown()).catch([]).default([]),
  sources: z.array(z.unknown()).catch([]).default([]),
  new_types: z.array(z.unknown()).catch([]).default([]),
})
export type Stage1Output = z.infer<typeof stage1OutputSchema>

export const STAGE1_JSON_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    document_content: { type: 'string' },
    document_structure: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          type: { type: 'string' },
          content: { type: 'string' },
          parent_id: { type: ['string', 'null'] },
          metadata: { type: 'object' },
        },
      },
    },
    sources: { type: 'array', items: { type: 'string' } },
    new_types: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          type_name: { type: 'string' },
          description: { type: 'string' },
          metadata_schema: { type: 'object' },
        },
      },
    },
  },
  required: ['message', 'document_content', 'document_structure', 'sources', 'new_types'],
}
