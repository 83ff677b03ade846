// Constant-time comparison of secrets (API keys, token hashes): both sides are hashed first so
// lengths match and timingSafeEqual leaks neither content nor length.
const encoder = new TextEncoder()

async function digest(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-256', encoder.encode(text))
}

export async function constantTimeEqual(a: string, b: string): Promise<boolean> {
  const [left, right] = await Promise.all([digest(a), digest(b)])
  return crypto.subtle.timingSafeEqual(left, right)
}

/** True when `candidate` equals any of `secrets`; every secret is compared (no early exit). */
export async function matchesAny(candidate: string, secrets: string[]): Promise<boolean> {
  const results = await Promise.all(secrets.map((secret) => constantTimeEqual(candidate, secret)))
  return results.includes(true)
}
