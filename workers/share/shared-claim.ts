// A claim's evidence map as a share link shows it: the verdict, each source's stance and its
// quoted rationale, read from a message's stored `claim_check` (an ask framed as a claim, or a
// check through POST /api/claims/check). A map that does not parse is left out (null).
import { z } from 'zod'

const claimSourceSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  url: z.string().optional(),
  domain: z.string().optional(),
})

const sharedClaimMapSchema = z.object({
  claim: z.string(),
  verdict: z.enum(['supported', 'contradicted', 'mixed', 'insufficient']),
  stance_estimated: z.boolean().default(false),
  evidence: z.array(
    z.object({
      source: claimSourceSchema,
      stance: z.enum(['supports', 'contradicts', 'unlabelled']),
      rationale: z.array(z.object({ text: z.string(), sentence_index: z.number().int() })),
    }),
  ),
  /** Kept by a claim check (not by an ask, whose answer lists its own sources). */
  sources: z.array(claimSourceSchema).optional(),
})
export type SharedClaimMap = z.infer<typeof sharedClaimMapSchema>

export function claimMapOf(data: Record<string, unknown>): SharedClaimMap | null {
  if (data.claim_check === undefined) return null
  const parsed = sharedClaimMapSchema.safeParse(data.claim_check)
  return parsed.success ? parsed.data : null
}
