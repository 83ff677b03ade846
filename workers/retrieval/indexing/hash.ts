// Content hashes and the deterministic ids derived from them (SHA-256, hex), and random ids
// of the same shape for rows whose id must not be derivable.

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** A short stable id: the same parts always name the same row, so re-ingesting is an upsert. */
export async function stableId(prefix: string, ...parts: string[]): Promise<string> {
  return `${prefix}_${(await sha256Hex(parts.join('\u0000'))).slice(0, 24)}`
}

/** An id shaped like stableId's (prefix, 24 hex digits) from 96 random bits. */
export function randomId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return `${prefix}_${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}
