// Token limits derived from the chosen model's window: what the input may use, how large one
// uploaded file may be, and how much of the window a project may take before it is retrieved.

export interface ContextLimits {
  /** Tokens the assembled input may use; the rest is left for the answer. */
  input: number
  /** Largest single file (and a message's files together) that can be included. */
  file: number
  /** Largest project kept whole in the context; beyond it the project is retrieved from. */
  project: number
}

/** Images count as this many tokens, whatever their size (the seed's assumed cost). */
export const IMAGE_TOKENS = 1_000

export function contextLimits(contextTokens: number): ContextLimits {
  const reserve = Math.min(8_192, Math.floor(contextTokens * 0.2))
  const half = Math.floor(contextTokens / 2)
  return { input: contextTokens - reserve, file: half, project: half }
}
