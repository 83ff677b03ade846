// POST /api/claims/check as a client sends it (JSON in, JSON out), each claim its own client
// address so the public rate limit never couples them; 429s wait as Retry-After says.
import type { ClaimCheckPayload } from '../../workers/answer'

const MAX_RETRIES = 5

export type CheckReply =
  { ok: true; payload: ClaimCheckPayload; ms: number } | { ok: false; error: string; ms: number }

export async function checkClaim(
  baseUrl: string,
  claim: string,
  clientIp: string,
): Promise<CheckReply> {
  const started = performance.now()
  for (let attempt = 0; ; attempt++) {
    let res: Response
    try {
      res = await fetch(`${baseUrl}/api/claims/check`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'cf-connecting-ip': clientIp,
        },
        body: JSON.stringify({ claim }),
        signal: AbortSignal.timeout(120_000),
      })
    } catch (error) {
      return { ok: false, error: `network: ${String(error)}`, ms: performance.now() - started }
    }
    if (res.status === 429 && attempt < MAX_RETRIES) {
      await res.body?.cancel()
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 5)))
      continue
    }
    if (!res.ok) return { ok: false, error: `http ${res.status}`, ms: performance.now() - started }
    return {
      ok: true,
      payload: (await res.json()) as ClaimCheckPayload,
      ms: performance.now() - started,
    }
  }
}
