// A failure's reason fit to show a user: our own errors' messages, timeouts named as such,
// nothing internal.
import { isAppError } from '../errors'

export function describeFailure(error: unknown): string {
  if (isAppError(error)) return error.message
  if (error instanceof Error && error.name === 'TimeoutError') return 'timed out'
  return 'unexpected error'
}
