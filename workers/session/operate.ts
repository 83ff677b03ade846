// Runs a registered operation inside SessionDO: parse the input, run it, and turn failures
// into values (the route side turns them back into AppErrors: call-operation.ts).
import { isAppError } from '../errors'
import { findOperation, type OperationContext, type OperationResult } from './operations'
import type { JsonValue } from './rpc-schemas'

export async function operate(
  name: string,
  input: unknown,
  context: OperationContext,
): Promise<OperationResult> {
  const operation = findOperation(name)
  if (!operation) {
    return { ok: false, code: 'unknown_operation', message: `No operation named ${name}` }
  }
  const parsed = operation.input.safeParse(input)
  if (!parsed.success) {
    const message = parsed.error.issues
      .map((issue) =>
        issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
      )
      .join('; ')
    return {
      ok: false,
      code: 'invalid_input',
      message,
      details: { issues: parsed.error.issues as object[] },
    }
  }
  try {
    // Operations return structured-cloneable data (their contract); RPC types want it said.
    return { ok: true, value: (await operation.run(context, parsed.data)) as JsonValue }
  } catch (error) {
    if (!isAppError(error)) throw error
    return {
      ok: false,
      code: 'failed',
      message: error.message,
      errorCode: error.code,
      details: error.details as JsonValue,
    }
  }
}
