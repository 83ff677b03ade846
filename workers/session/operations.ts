// The session operations registry: small reads and writes of a session's state that are not
// runs (settings, files, pending content, quotas, shares). A capability defines an operation
// (input schema + a function over the session's store) and registers it at module load; the
// DO exposes one generic RPC (`operate`) and imports no capability. This is the way to add
// session state: keep the tables in the capability, reach them through `store.sql`.
import type { z } from 'zod'
import type { JsonValue } from './rpc-schemas'
import type { SessionStore } from './run-types'

export interface OperationContext {
  store: SessionStore
  now: () => number
}

export interface SessionOperation<Input, Output> {
  /** Dotted, owner first: 'context.settings.get'. */
  readonly name: string
  /** Parses the input inside the DO again: it crossed an RPC boundary. */
  readonly input: z.ZodType<Input>
  /** Runs inside the DO, the session's one writer; its result must be structured-cloneable. */
  run(context: OperationContext, input: Input): Output | Promise<Output>
}

/** Expected failures are values, not errors: error classes do not survive RPC. */
export type OperationResult =
  | { ok: true; value: JsonValue }
  | {
      ok: false
      code: 'unknown_operation' | 'invalid_input' | 'no_session' | 'failed'
      message: string
      /** The AppError code a capability threw, so the route can answer with its status. */
      errorCode?: string
      details?: JsonValue
    }

const NAME = /^[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)+$/
const registry = new Map<string, SessionOperation<unknown, unknown>>()

/** Defines and registers an operation; returns it so routes can call it with typed input. */
export function defineOperation<Input, Output>(
  operation: SessionOperation<Input, Output>,
): SessionOperation<Input, Output> {
  if (!NAME.test(operation.name)) throw new TypeError(`invalid operation name: ${operation.name}`)
  registry.set(operation.name, operation as SessionOperation<unknown, unknown>)
  return operation
}

export function findOperation(name: string): SessionOperation<unknown, unknown> | undefined {
  return registry.get(name)
}

/** For tests that register an operation per test. */
export function unregisterOperation(name: string): void {
  registry.delete(name)
}
