// /openapi.json for the claim check: POST /api/claims/check and the evidence map's schemas
// (also carried by an ask framed as a claim), each checked at compile time against the type
// the capability returns.
import { z } from 'zod'
import { openApi, type Json } from '../http'
import type { ClaimCheckPayload, ClaimMap, ClaimSource } from './claim-payload'
import type { ClaimEvidence } from '../claims'
import { claimCheckRequestSchema } from './claim-schemas'

const { errors, schemaRef, SESSION_ERRORS, SESSION_TOKEN, streamed, withBody } = openApi

// Compile-time drift guard, both ways: a field added, dropped or retyped breaks the build.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Holds<T extends true> = T
type Exact<A, B> =
  Same<A, B> extends true ? (Same<keyof A, keyof B> extends true ? true : false) : false

const claimSource = z.object({
  number: z.number().int().min(1).describe("1-based; in an ask's claim_check, the answer's [n]"),
  title: z.string(),
  url: z.string(),
  domain: z.string(),
  date: z.string().optional(),
})

const claimEvidence = z.object({
  source: claimSource,
  stance: z
    .enum(['supports', 'contradicts', 'unlabelled'])
    .describe('unlabelled: the source speaks to the claim without a stance shown'),
  confidence: z
    .number()
    .min(0)
    .max(1)
    .describe("For the rules, the fired rule's measured precision"),
  rule: z.string().optional().describe('The offline rule that fired; absent for the model'),
  rationale: z
    .array(z.object({ text: z.string(), sentence_index: z.number().int().min(0) }))
    .describe('Sentences quoted verbatim from the source, with their 0-based index'),
})

const claimMapShape = {
  claim: z.string(),
  verdict: z
    .enum(['supported', 'contradicted', 'mixed', 'insufficient'])
    .describe('Follows the shown stances: mixed when both appear'),
  evidence: z.array(claimEvidence),
  stance_estimated: z
    .boolean()
    .describe('True when the offline rules set the stances (shown only where they are reliable)'),
  stance_judge: z.enum(['model', 'rules']),
}
export const claimMapSchema = z.object(claimMapShape)

const claimCheckPayload = z.object({
  ...claimMapShape,
  session_id: z.string(),
  sources: z.array(claimSource).describe('Every source the search returned and the judge kept'),
  mode: z.enum(['online', 'offline', 'degraded']),
  fallbacks: z.array(z.object({ stage: z.string(), reason: z.string() })),
  search_query: z.string().optional(),
  reason: z.string().optional().describe('Why the verdict is insufficient, when it is'),
  search_error: z.string().optional(),
  timestamp: z.string().describe('ISO 8601'),
  latency_ms: z.number().int().min(0),
  token: z.string().optional().describe('The new session token, only when this call created it'),
})
type _ClaimEvidenceHolds = Holds<Exact<z.input<typeof claimEvidence>, ClaimEvidence<ClaimSource>>>
type _ClaimSourceHolds = Holds<Exact<z.input<typeof claimSource>, ClaimSource>>
type _ClaimMapHolds = Holds<Exact<z.input<typeof claimMapSchema>, ClaimMap>>
type _ClaimCheckHolds = Holds<Exact<z.input<typeof claimCheckPayload>, ClaimCheckPayload>>

export function claimSchemas(): Record<string, Json> {
  return {
    ClaimMap: openApi.jsonSchema(claimMapSchema),
    ClaimCheckPayload: openApi.jsonSchema(claimCheckPayload),
  }
}

export function claimPaths(): Json {
  return {
    '/api/claims/check': {
      post: {
        summary:
          'Check a claim: which sources support it, which contradict it, and the sentences that say so',
        description:
          "The ask's search and relevance judgement (same namespaces, search modes, limits and session rules as /api/ask), then per kept source a stance and its verbatim rationale, and the verdict they add up to. A claim the library does not cover is insufficient with no evidence. Without session_id a session is created (id and token in the body and the X-Quire-Session-Id / X-Quire-Session-Token headers); the check is saved in it as a user message and an assistant message with data.claim_check. Streams with Accept: text/event-stream (status, sources, then done with the payload).",
        security: [{}, ...SESSION_TOKEN],
        ...withBody(claimCheckRequestSchema),
        responses: {
          '200': streamed(
            { oneOf: [schemaRef('ClaimCheckPayload'), schemaRef('StoppedRun')] },
            {
              'X-Quire-Session-Id': { schema: { type: 'string', format: 'uuid' } },
              'X-Quire-Session-Token': {
                description: 'Only when this call created the session',
                schema: { type: 'string' },
              },
            },
          ),
          ...errors(...SESSION_ERRORS, '409', '413', '415', '429', '502', '503'),
        },
      },
    },
  }
}
