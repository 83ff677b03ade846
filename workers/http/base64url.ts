// base64url without padding (RFC 4648 §5), the form of session tokens, share ids and share
// tokens: Hono's codec, with the padding dropped on the way out and checked on the way in.
import { decodeBase64Url, encodeBase64Url } from 'hono/utils/encode'

export function toBase64Url(bytes: Uint8Array): string {
  return encodeBase64Url(bytes.slice().buffer).replace(/=+$/, '')
}

/** The bytes of an unpadded base64url string, or null when it is not one. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null
  try {
    return decodeBase64Url(text)
  } catch {
    return null
  }
}
