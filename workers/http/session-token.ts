// Session bearer tokens: 32 random bytes, base64url. Only the SHA-256 hex of a token is stored.
import type { Context } from 'hono'
import { toBase64Url } from './base64url'

export function generateSessionToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)))
}

export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The token from `Authorization: Bearer <token>`, or undefined when absent or malformed. */
export function readBearerToken(c: Context): string | undefined {
  const header = c.req.header('Authorization') ?? ''
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,512})\s*$/i.exec(header)
  return match?.[1]
}
