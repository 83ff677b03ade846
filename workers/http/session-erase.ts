// DELETE /api/sessions/:id: the session's token erases it and everything it owns (SessionDO
// buries it, then runs the erasure steps). A failed step answers 502 naming what remains;
// DELETE again resumes.
import type { Context } from 'hono'
import { ForbiddenError, NotFoundError, ProviderError, UnauthorizedError } from '../errors'
import { openSession, type ErasureCounts } from '../session'
import type { AppEnv } from './app-env'
import { hashToken, readBearerToken } from './session-token'

export async function eraseSession(
  c: Context<AppEnv>,
  sessionId: string,
): Promise<{ session_id: string; erased: ErasureCounts }> {
  const token = readBearerToken(c)
  if (!token)
    throw new UnauthorizedError('This session needs its token: Authorization: Bearer <token>')
  const result = await openSession(c.get('deps'), sessionId).erase(await hashToken(token))
  if (result.ok) return { session_id: sessionId, erased: result.erased }
  if ('code' in result) {
    if (result.code === 'missing') throw new NotFoundError('No such session')
    throw new ForbiddenError('This token does not open this session')
  }
  throw new ProviderError(
    'erasure',
    `Erasure stopped at ${result.failedStep}: DELETE again to resume`,
    {
      retryable: true,
      details: {
        failed_step: result.failedStep,
        remaining: result.remaining,
        erased: result.erased,
      },
    },
  )
}
