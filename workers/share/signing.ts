// Share tokens: the claims (session, share id, expiry) and an HMAC-SHA256 over them with
// SHARE_SECRET, both base64url. Any altered byte fails verification; the session's own token
// is never part of a share token.
import { z } from 'zod'
import { fromBase64Url, toBase64Url } from '../http'

const claimsSchema = z.object({
  /** Session id. */
  s: z.uuid(),
  /** Share id (revocation is checked against the session's list). */
  i: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  /** Expiry, ms since the epoch; null = until revoked. */
  e: z.number().int().positive().nullable(),
})
export type ShareClaims = z.infer<typeof claimsSchema>

const encoder = new TextEncoder()

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  const raw = encoder.encode(secret)
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [usage])
}

export async function signShareToken(secret: string, claims: ShareClaims): Promise<string> {
  const payload = toBase64Url(encoder.encode(JSON.stringify(claims)))
  const key = await hmacKey(secret, 'sign')
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(payload))
  return `${payload}.${toBase64Url(new Uint8Array(signature))}`
}

/** The claims of a token signed with `secret`, or null (forged, altered or malformed). */
export async function verifyShareToken(secret: string, token: string): Promise<ShareClaims | null> {
  const [payload, signature, extra] = token.split('.')
  if (!payload || !signature || extra !== undefined || token.length > 1024) return null
  const signatureBytes = fromBase64Url(signature)
  if (!signatureBytes) return null
  const key = await hmacKey(secret, 'verify')
  const valid = await crypto.subtle.verify('HMAC', key, signatureBytes, encoder.encode(payload))
  if (!valid) return null
  const json = fromBase64Url(payload)
  if (!json) return null
  try {
    const parsed = claimsSchema.safeParse(JSON.parse(new TextDecoder().decode(json)))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
