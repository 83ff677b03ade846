// Builds the arXiv and Crossref clients from Config: polite HTTP (retries, backoff, timeouts)
// towards the configured base URLs. Those URLs are trusted config, so they skip the fetch guard.
import type { Config } from '../config'
import { ARXIV_INTERVAL_MS, createArxivClient, sharedArxivGate } from './arxiv'
import { createCrossrefClient } from './crossref'
import { createPoliteFetch, politeUserAgent, type PoliteHttpOptions } from './polite-http'
import { createRateGate, type RateGate } from './rate-gate'
import type { ScholarlyClients } from './scholarly-types'

/** Test seams: fake fetch, instant sleeper, fixed clock and randomness, a private arXiv gate. */
export type ScholarlyDeps = Pick<PoliteHttpOptions, 'fetchImpl' | 'sleep' | 'now' | 'random'> & {
  arxivGate?: RateGate
}

export function createScholarlyClients(config: Config, deps: ScholarlyDeps = {}): ScholarlyClients {
  const userAgent = politeUserAgent(config.sources.contactEmail)
  const { arxivGate, ...seams } = deps
  // With a fake clock/sleeper but no gate given, build a private gate on the same clock.
  const gate =
    arxivGate ??
    (deps.now || deps.sleep
      ? createRateGate({ intervalMs: ARXIV_INTERVAL_MS, now: deps.now, sleep: deps.sleep })
      : sharedArxivGate())
  const arxivHttp = createPoliteFetch({
    ...seams,
    provider: 'arxiv',
    userAgent,
    timeoutMs: 20_000,
    beforeAttempt: (signal) => gate.wait(signal),
  })
  const crossrefHttp = createPoliteFetch({
    ...seams,
    provider: 'crossref',
    userAgent,
    timeoutMs: 12_000,
  })
  return {
    arxiv: createArxivClient({ baseUrl: config.sources.arxivApiUrl, http: arxivHttp }),
    crossref: createCrossrefClient({
      baseUrl: config.sources.crossrefApiUrl,
      contactEmail: config.sources.contactEmail,
      http: crossrefHttp,
    }),
  }
}
