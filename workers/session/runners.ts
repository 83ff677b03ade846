// The runner registry: which function runs each run kind inside SessionDO. Capabilities
// register at module load, from their own index.ts:
//   registerRunner('turn', runTurn, turnInputSchema)   // workers/turn
//   registerRunner('ask', runAsk, askRunInputSchema)   // workers/answer
// Tests register their own kinds (the test module and the DO share this module instance).
import type { z } from 'zod'
import type { Runner } from './run-types'

export interface RegisteredRunner {
  run: Runner<unknown>
  /** Checks the input again inside the DO: it crossed an RPC boundary. */
  parseInput: (input: unknown) => { ok: true; value: unknown } | { ok: false; message: string }
}

const registry = new Map<string, RegisteredRunner>()

const KIND = /^[a-z][a-z0-9_-]{0,63}$/

export function registerRunner<Input>(
  kind: string,
  runner: Runner<Input>,
  inputSchema?: z.ZodType<Input>,
): void {
  if (!KIND.test(kind)) throw new TypeError(`invalid runner kind: ${kind}`)
  registry.set(kind, {
    run: runner as Runner<unknown>,
    parseInput: (input) => {
      if (!inputSchema) return { ok: true, value: input }
      const parsed = inputSchema.safeParse(input)
      return parsed.success
        ? { ok: true, value: parsed.data }
        : { ok: false, message: parsed.error.issues.map((issue) => issue.message).join('; ') }
    },
  })
}

export function findRunner(kind: string): RegisteredRunner | undefined {
  return registry.get(kind)
}

/** For tests that register a kind per test. */
export function unregisterRunner(kind: string): void {
  registry.delete(kind)
}
