// A debate as a share link shows it: each scientist turn's text, verdict and references, then
// how the debate ended. Read from the debate message's stored data; a message from before the
// turns were kept shows as plain text instead (null here).
import { z } from 'zod'
import { verdictSchema } from '../stream'

const sharedVerdictSchema = verdictSchema.extend({ override: z.string().nullable().optional() })
export type SharedVerdict = z.infer<typeof sharedVerdictSchema>

const referenceSchema = z.object({
  numbers: z.array(z.number().int()).min(1),
  apa: z.string(),
  url: z.string().nullable().optional(),
})

const turnSchema = z.object({
  scientist: z.union([z.literal(1), z.literal(2)]),
  round: z.number().int(),
  text: z.string(),
  references: z.array(referenceSchema),
  verdict: sharedVerdictSchema.nullable(),
  interrupted: z.boolean(),
})

const debateSchema = z.object({
  kind: z.literal('debate'),
  turns: z.array(turnSchema),
  terminal_marker: z.string(),
  conclusion: z.string(),
})

export type SharedDebateTurn = z.infer<typeof turnSchema>

export interface SharedDebate {
  turns: SharedDebateTurn[]
  /** How it ended, in words ("Max Turns Reached"), without the marker's === fences. */
  ending: string
  conclusion: string
}

export function verdictsOf(data: Record<string, unknown>): SharedVerdict[] {
  if (!Array.isArray(data.verdicts)) return []
  return data.verdicts.flatMap((item) => {
    const parsed = sharedVerdictSchema.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
}

export function debateOf(data: Record<string, unknown>): SharedDebate | null {
  const parsed = debateSchema.safeParse(data)
  if (!parsed.success) return null
  const { turns, terminal_marker, conclusion } = parsed.data
  const ending = terminal_marker.replace(/^=+\s*|\s*=+$/g, '')
  return { turns, ending, conclusion }
}
