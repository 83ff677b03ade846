// The route side of a session operation: a typed call through the DO stub, with failures
// turned back into the matching AppError.
import { AppError, NotConfiguredError, NotFoundError, ValidationError } from '../errors'
import type { SessionOperation, SessionStub } from '../session'
import { appErrorFromCode } from './error-envelope'

export async function callOperation<Input, Output>(
  stub: SessionStub,
  operation: SessionOperation<Input, Output>,
  input: Input,
): Promise<Output> {
  const result = await stub.operate(operation.name, input)
  if (result.ok) return result.value as Output
  switch (result.code) {
    case 'no_session':
      throw new NotFoundError('No such session')
    case 'invalid_input':
      throw new ValidationError(result.message, { details: result.details })
    case 'unknown_operation':
      throw new NotConfiguredError(result.message)
    case 'failed':
      throw result.errorCode
        ? appErrorFromCode(result.errorCode, result.message)
        : new AppError(500, 'internal', result.message)
  }
}
