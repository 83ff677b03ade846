// The placement contract: the model (or the deterministic placer) says WHERE approved content
// goes — next to an anchor block, at the end of a section, in a new section, or at the end —
// and which blocks it replaces when the user asked for a replacement. Quire merges itself.
import { z } from 'zod'

const blockId = z.string().trim().min(1).max(32)

export const placementSchema = z.object({
  action: z.enum(['insert_after', 'insert_before', 'append_to_section', 'new_section', 'end']),
  /** The anchor block (insert_*), the section heading (append_to_section), or the parent
   * heading of a new section (null: a top-level section). */
  target: blockId.nullable().default(null),
  /** The new section's heading text (new_section only). */
  heading: z.string().trim().max(200).default(''),
  /** Blocks the user asked to replace; they are removed and the content takes their place. */
  replace: z.array(blockId).max(50).default([]),
  reason: z.string().max(500).default(''),
})
export type Placement = z.infer<typeof placementSchema>

/** A placement Quire checked against the document and applied. */
export interface AppliedPlacement extends Placement {
  /** Who decided: the model, or the deterministic placer (and why it was used). */
  decided_by: 'model' | 'deterministic' | 'preview'
  /** Offset in the new markdown where the content starts. */
  offset: number
  /** The replaced blocks' text, as the UI showed them before approval. */
  removed: string[]
  /** The deterministic placer's section, by title (it scans headings, it names no block id). */
  section?: string | null
}

export const PLACEMENT_JSON_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    action: {
      type: 'string',
      enum: ['insert_after', 'insert_before', 'append_to_section', 'new_section', 'end'],
    },
    target: { type: ['string', 'null'] },
    heading: { type: 'string' },
    replace: { type: 'array', items: { type: 'string' } },
    reason: { type: 'string' },
  },
  required: ['action', 'target', 'heading', 'replace', 'reason'],
}
