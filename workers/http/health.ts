// The /health body: mode and which providers are wired, as names and booleans only (no keys,
// no secret values), so an operator can see what a deployment will do; `checks` (health-checks.ts)
// says which part failed, and any failure makes the status `degraded`.
import type { Config } from '../config'
import { overallStatus, type HealthChecks } from './health-checks'

export function describeHealth(config: Config, checks: HealthChecks, now: number) {
  // Offline no model answers: naming the configured default would suggest one does.
  const offline = config.llm.provider === 'offline'
  return {
    status: overallStatus(checks),
    checks,
    mode: config.mode,
    providers: {
      llm: {
        provider: config.llm.provider,
        model: offline ? null : config.llm.model,
        model_fast: offline ? null : config.llm.modelFast,
        fallback_key: Boolean(config.llm.apiKeyFallback),
      },
      embeddings: {
        provider: config.embeddings.provider,
        model: config.embeddings.model ?? null,
        dimensions: config.embeddings.dimensions,
      },
      vector_store: config.vectorStore,
      search: config.search.provider,
      scholarly: {
        arxiv_api_url: config.sources.arxivApiUrl,
        crossref_api_url: config.sources.crossrefApiUrl,
      },
    },
    /** The namespaces /api/ask and /v1 answer from. */
    ask_namespaces: config.knowledge.askNamespaces,
    auth: {
      api_keys_configured: config.security.apiKeys.length > 0,
      open_access: config.security.openAccess,
      webhook_configured: Boolean(config.security.ingestWebhookSecret),
      share_configured: Boolean(config.security.shareSecret),
      client_hash_secret_configured: config.clientQuotas.hashSecretConfigured,
    },
    time: new Date(now).toISOString(),
  }
}

export type Health = ReturnType<typeof describeHealth>
