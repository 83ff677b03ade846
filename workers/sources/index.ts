// STUB (sources helper replaces)
import type { Config } from '../config'
import type { SafeFetch } from './safe-fetch-types'
import type { WebSearchProvider } from './search-provider'
export * from './search-provider'
export * from './safe-fetch-types'
export interface ScholarlyClients { arxiv: unknown; crossref: unknown }
export function createScholarlyClients(_c: Config): ScholarlyClients { return { arxiv: null, crossref: null } }
export function createWebSearch(_c: Config, corpus: WebSearchProvider): WebSearchProvider { return corpus }
export function createSafeFetch(_c: Config): SafeFetch { return async () => { throw new Error('stub') } }
