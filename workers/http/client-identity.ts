// Who a request counts as for the per-client quotas: the API key it proved it holds, or for an
// anonymous caller an HMAC of its address (CF-Connecting-IP) keyed by CLIENT_HASH_SECRET, so
// the stored counters never hold an address and cannot be matched to one without the key.
import type { Context } from 'hono'
import type { AppEnv } from './app-env'
import { verifiedApiKey } from './api-key'
import { bytesToHex } from '../db'
import { hashToken } from './session-token'

const encoder = new TextEncoder()

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return bytesToHex(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text))))
}

/** `key:<sha-256 of the key>` or `ip:<hmac of the address>`; 'local' without an address. */
export async function identifyClient(c: Context<AppEnv>): Promise<string> {
  const key = await verifiedApiKey(c)
  if (key) return `key:${await hashToken(key)}`
  const address = c.req.header('CF-Connecting-IP')?.trim() || 'local'
  return `ip:${await hmacHex(c.get('deps').config.clientQuotas.hashSecret, address)}`
}
