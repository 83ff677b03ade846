// Share links. Owner side (session token): POST /api/sessions/:id/share {expires_in_s?},
// GET /api/sessions/:id/shares, DELETE /api/sessions/:id/shares/:share_id. Public side:
// GET /api/share/:token (JSON) and GET /s/:token (a server-rendered page). Revoked, expired,
// unknown, forged or altered tokens all get 404.
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { isAppError, NotConfiguredError, NotFoundError, ValidationError } from '../errors'
import {
  callOperation,
  openAuthorizedSession,
  publicRateLimit,
  sessionIdParamSchema,
  toBase64Url,
  validate,
  type AppEnv,
} from '../http'
import { openSession } from '../session'
import { shareOperations } from './operations'
import { renderMissingSharePage, renderSharePage } from './share-page'
import { signShareToken, verifyShareToken } from './signing'
import type { SharedSession } from './transcript'
import { documentForShare } from '../writing'

const MAX_EXPIRY_S = 365 * 24 * 3600
const createBodySchema = z
  .object({ expires_in_s: z.number().int().min(60).max(MAX_EXPIRY_S).optional() })
  .strict()
const tokenParamSchema = z.object({ token: z.string().min(1).max(1024) })
const revokeParamSchema = sessionIdParamSchema.extend({ share_id: z.string().min(1).max(64) })

function secretOf(c: Context<AppEnv>): string | undefined {
  return c.get('deps').config.security.shareSecret
}

/** The body is optional: none (or `{}`) makes a link that lasts until revoked. */
async function readCreateBody(c: Context<AppEnv>) {
  const text = await c.req.text()
  if (!text.trim()) return {}
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ValidationError('The request body is not valid JSON')
  }
  const parsed = createBodySchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue?.path.join('.') || 'body'
    throw new ValidationError(`${field}: ${issue?.message ?? 'invalid'}`, {
      details: { issues: parsed.error.issues },
    })
  }
  return parsed.data
}

function shareUrl(c: Context<AppEnv>, token: string): string {
  return `${new URL(c.req.url).origin}/s/${token}`
}

function newShareId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return toBase64Url(bytes)
}

/** The transcript behind a valid, active token; NotFoundError for anything else. */
async function readShared(c: Context<AppEnv>, token: string): Promise<SharedSession> {
  const secret = secretOf(c)
  const claims = secret ? await verifyShareToken(secret, token) : null
  const now = c.get('deps').now()
  if (!claims || (claims.e !== null && claims.e <= now))
    throw new NotFoundError('No such share link')
  const deps = c.get('deps')
  const stub = openSession(deps, claims.s)
  // The link is checked (revoked or expired: 404) before anything else of the session is read.
  // A deleted session answers as a link never made would.
  const transcript = await callOperation(stub, shareOperations.read, { share_id: claims.i }).catch(
    (error: unknown) => {
      throw error instanceof NotFoundError ? new NotFoundError('No such share link') : error
    },
  )
  return { ...transcript, document: await documentForShare(deps.db, stub, claims.s) }
}

export const sessionShareRoutes = new Hono<AppEnv>()
  .post('/:id/share', validate('param', sessionIdParamSchema), async (c) => {
    const secret = secretOf(c)
    if (!secret) throw new NotConfiguredError('Share links need SHARE_SECRET to be set')
    const sessionId = c.req.valid('param').id
    const stub = await openAuthorizedSession(c, sessionId)
    const body = await readCreateBody(c)
    const expiresAt = body.expires_in_s ? c.get('deps').now() + body.expires_in_s * 1000 : null
    const share = await callOperation(stub, shareOperations.create, {
      share_id: newShareId(),
      expires_at: expiresAt,
    })
    const token = await signShareToken(secret, { s: sessionId, i: share.share_id, e: expiresAt })
    const url = shareUrl(c, token)
    return c.json({ share_id: share.share_id, url, token, expires_at: expiresAt }, 201)
  })
  .get('/:id/shares', validate('param', sessionIdParamSchema), async (c) => {
    const sessionId = c.req.valid('param').id
    const stub = await openAuthorizedSession(c, sessionId)
    const rows = await callOperation(stub, shareOperations.list, {})
    const secret = secretOf(c)
    const now = c.get('deps').now()
    // A live link's URL is signed again (the signature is deterministic), so the owner can
    // copy an existing link instead of minting another.
    const shares = await Promise.all(
      rows.map(async (row) => {
        const active = row.revoked_at === null && (row.expires_at === null || row.expires_at > now)
        const claims = { s: sessionId, i: row.share_id, e: row.expires_at }
        const url = active && secret ? shareUrl(c, await signShareToken(secret, claims)) : null
        return { ...row, active, url }
      }),
    )
    return c.json({ shares })
  })
  .delete('/:id/shares/:share_id', validate('param', revokeParamSchema), async (c) => {
    const { id, share_id } = c.req.valid('param')
    const stub = await openAuthorizedSession(c, id)
    return c.json(await callOperation(stub, shareOperations.revoke, { share_id }))
  })

export const publicShareRoutes = new Hono<AppEnv>()
  .get('/api/share/:token', publicRateLimit(), validate('param', tokenParamSchema), async (c) => {
    // Never kept by a browser or a cache between: a revoked link must be gone at once.
    c.header('Cache-Control', 'no-store')
    return c.json(await readShared(c, c.req.valid('param').token))
  })
  .get('/s/:token', publicRateLimit(), async (c) => {
    c.header('Cache-Control', 'no-store')
    c.header('X-Robots-Tag', 'noindex')
    // A malformed token is one more unavailable link: the same page, not an API error.
    const param = tokenParamSchema.safeParse(c.req.param())
    if (!param.success) return c.html(renderMissingSharePage(), 404)
    try {
      const transcript = await readShared(c, param.data.token)
      return c.html(renderSharePage(transcript, c.req.url))
    } catch (error) {
      // Revoked and expired links are refused inside the session object, and come back as a
      // plain AppError with the not_found code, not as a NotFoundError instance.
      if (isAppError(error) && error.status === 404) return c.html(renderMissingSharePage(), 404)
      throw error
    }
  })
