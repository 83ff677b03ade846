// Domain helpers shared by every search provider: the domain of a URL, Sonar-style domain
// filters ("example.org" allows, "-example.org" denies), the limit cap and recency windows.
import type { WebSearchOptions, WebSearchResult } from './search-provider'

export const MAX_RESULTS = 10

/**
 * Host of `url`, lower-case, without a leading "www."; '' when `url` does not parse.
 * Corpus-only sources (quire://source/<id>) report the domain 'quire'.
 */
export function domainOf(url: string): string {
  if (url.startsWith('quire:')) return 'quire'
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '')
  } catch {
    return ''
  }
}

export interface DomainFilter {
  allow: string[]
  deny: string[]
}

function normaliseDomain(entry: string): string {
  const bare = entry
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
  return (bare.split(/[/?#]/)[0] ?? '')
    .replace(/:\d+$/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '')
}

export function parseDomainFilter(filter: readonly string[] = []): DomainFilter {
  const allow: string[] = []
  const deny: string[] = []
  for (const raw of filter) {
    const isDeny = raw.trim().startsWith('-')
    const domain = normaliseDomain(isDeny ? raw.trim().slice(1) : raw)
    if (domain) (isDeny ? deny : allow).push(domain)
  }
  return { allow, deny }
}

function matches(domain: string, entry: string): boolean {
  return domain === entry || domain.endsWith(`.${entry}`)
}

/** Keeps results on an allowed domain (when any is listed) and on no denied one. Subdomains match. */
export function applyDomainFilter(
  results: WebSearchResult[],
  filter: readonly string[] | undefined,
): WebSearchResult[] {
  const { allow, deny } = parseDomainFilter(filter)
  if (allow.length === 0 && deny.length === 0) return results
  return results.filter((result) => {
    const domain = result.domain || domainOf(result.url)
    if (allow.length > 0 && !allow.some((entry) => matches(domain, entry))) return false
    return !deny.some((entry) => matches(domain, entry))
  })
}

/** options.limit clamped to 1..10 (default 10). */
export function resolveLimit(options: WebSearchOptions): number {
  return Math.min(MAX_RESULTS, Math.max(1, Math.floor(options.limit ?? MAX_RESULTS)))
}

/** Post-processing every adapter applies: domain filter, de-duplication by URL, limit. */
export function finishResults(
  results: WebSearchResult[],
  options: WebSearchOptions,
): WebSearchResult[] {
  const seen = new Set<string>()
  const unique = applyDomainFilter(results, options.domainFilter).filter((r) => {
    if (!r.url || seen.has(r.url)) return false
    seen.add(r.url)
    return true
  })
  return unique.slice(0, resolveLimit(options))
}

/** ISO date (or date-time) for a provider's date string, or undefined when unreadable. */
export function toIsoDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  const time = Date.parse(value)
  return Number.isNaN(time) ? undefined : new Date(time).toISOString()
}
