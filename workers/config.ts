// All configuration, parsed once with zod from bindings' vars and secrets (.dev.vars
// locally) into a typed Config. Bad values throw one ConfigError naming every bad variable.
import { z } from 'zod'
import { ConfigError, type ConfigProblem } from './errors'
import { LIBRARY_NAMESPACE, sharedNamespaceSchema } from './namespaces'

/** Secrets are not in wrangler.toml's [vars], so `wrangler types` does not list them. */
export type ConfigSource = Partial<Record<string, unknown>>

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))

const httpUrl = z
  .string()
  .trim()
  .url()
  .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
  .transform((v) => v.replace(/\/+$/, ''))

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(httpUrl.optional())

const rawText = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))

const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )

const positiveInt = (fallback: number, max = 1_000_000_000) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : String(fallback)))
    .pipe(z.string().regex(/^\d+$/, 'must be a positive integer'))
    .transform(Number)
    .pipe(z.number().int().positive().max(max))

/** Like positiveInt, but 0 is allowed (it means "no limit" where a variable says so). */
const countInt = (fallback: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : String(fallback)))
    .pipe(z.string().regex(/^\d+$/, 'must be a non-negative integer'))
    .transform(Number)
    .pipe(z.number().int().min(0).max(max))

/** Shared namespaces only: a session's private namespace is never configuration. */
const sharedNamespaces = csv
  .pipe(z.array(sharedNamespaceSchema('names shared namespaces: letters, digits, - and _')).max(8))
  .transform((names) => (names.length > 0 ? [...new Set(names)] : [LIBRARY_NAMESPACE]))

const flag = (fallback: boolean) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.toLowerCase() : String(fallback)))
    .pipe(z.enum(['true', 'false', '1', '0'], 'must be true or false'))
    .transform((v) => v === 'true' || v === '1')

const envSchema = z.object({
  LLM_PROVIDER: z.enum(['auto', 'openai-compatible', 'workers-ai', 'offline']).default('auto'),
  LLM_BASE_URL: httpUrl.default('https://api.openai.com/v1'),
  LLM_API_KEY: optionalText,
  LLM_API_KEY_FALLBACK: optionalText,
  LLM_API_KEY_DISCOVERY: optionalText,
  LLM_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  LLM_MODEL_FAST: optionalText,
  LLM_CONTEXT_TOKENS: positiveInt(128_000),
  LLM_TIMEOUT_MS: positiveInt(60_000),
  TURN_MAX_CYCLES: positiveInt(6, 50),
  EMBEDDINGS_PROVIDER: z.enum(['offline', 'openai-compatible', 'workers-ai']).default('offline'),
  EMBEDDINGS_BASE_URL: optionalUrl,
  EMBEDDINGS_API_KEY: optionalText,
  EMBEDDINGS_MODEL: optionalText,
  EMBEDDINGS_DIMENSIONS: positiveInt(384, 4096),
  // Not trimmed: prefixes such as "query: " end in a space. Empty means "the model's default".
  EMBEDDINGS_QUERY_PREFIX: rawText,
  EMBEDDINGS_DOCUMENT_PREFIX: rawText,
  VECTOR_STORE: z.enum(['d1', 'vectorize']).default('d1'),
  SEARCH_PROVIDER: z.enum(['corpus', 'brave', 'tavily', 'searxng']).default('corpus'),
  BRAVE_API_KEY: optionalText,
  TAVILY_API_KEY: optionalText,
  SEARXNG_URL: optionalUrl,
  SEARCH_BASE_URL: optionalUrl,
  ARXIV_API_URL: httpUrl.default('https://export.arxiv.org/api/query'),
  CROSSREF_API_URL: httpUrl.default('https://api.crossref.org'),
  CONTACT_EMAIL: z.string().trim().email().default('quire@example.org'),
  QUIRE_API_KEYS: csv,
  // Deployed without QUIRE_API_KEYS, key-protected routes refuse unless this says open on purpose.
  QUIRE_OPEN_ACCESS: flag(false),
  // What /api/ask, /v1, the widget, MCP and chat's library search read (default: the library).
  ASK_NAMESPACES: sharedNamespaces,
  INGEST_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must look like whsec_<base64>')
      .optional(),
  ),
  SHARE_SECRET: optionalText,
  WIDGET_ORIGINS: csv,
  // Public keys the embeddable widget may present (data-key): they can only ask.
  WIDGET_PUBLIC_KEYS: csv,
  FETCH_ALLOW_HOSTS: csv,
  MAX_BODY_BYTES: positiveInt(1_048_576),
  MAX_UPLOAD_BYTES: positiveInt(10_485_760),
  // Paper Brain and paper chat quotas (seed 004), per session.
  PAPERS_SEARCH_LIMIT: positiveInt(3, 1000),
  PAPERS_CHAT_LIMIT: positiveInt(5, 1000),
  PAPERS_BRAIN_LIMIT: positiveInt(3, 1000),
  PAPERS_COOLDOWN_MINUTES: positiveInt(15, 10_080),
  PAPERS_API_COOLDOWN_MINUTES: positiveInt(30, 10_080),
  PAPERS_MAX_PDF_BYTES: positiveInt(10_485_760),
  // Days a private session may stay idle before it is erased; 0 keeps sessions.
  SESSION_RETENTION_DAYS: countInt(30, 36_500),
  DEBATE_MAX_TURNS: positiveInt(3, 20),
  DEBATE_ARXIV_RESULTS: positiveInt(5, 100),
  DEBATE_CROSSREF_RESULTS: positiveInt(5, 50),
  DEBATE_MAX_NEW_TOKENS: positiveInt(1000, 32_000),
  DEBATE_INGEST_TIMEOUT_MS: positiveInt(15_000, 120_000),
  DEBATE_MAX_ACTIVE: countInt(0, 10_000),
  ARXIV_MAX_RESULTS: positiveInt(10, 100),
  // Research writing (seed 000): document chunks given as context, knowledge-base passages.
  WRITING_CONTEXT_CHUNKS: positiveInt(5, 50),
  WRITING_EVIDENCE_PASSAGES: positiveInt(6, 50),
  ARXIV_DOWNLOAD_PDFS: flag(false),
  // Quotas per client across sessions (an API key, or an HMAC of the address); 0 = unlimited.
  CLIENT_HASH_SECRET: optionalText,
  CLIENT_QUOTA_WINDOW_MINUTES: positiveInt(60, 10_080),
  CLIENT_SEARCH_LIMIT: countInt(30, 1_000_000),
  CLIENT_RUN_LIMIT: countInt(60, 1_000_000),
  CLIENT_UPLOAD_LIMIT: countInt(20, 1_000_000),
  CLIENT_SESSION_LIMIT: countInt(30, 1_000_000),
})

/** What the per-client quotas count (CLIENT_<KIND>_LIMIT each). */
export const CLIENT_QUOTA_KINDS = ['search', 'run', 'upload', 'session'] as const
export type ClientQuotaKind = (typeof CLIENT_QUOTA_KINDS)[number]

/**
 * Without CLIENT_HASH_SECRET the key is derived from SHARE_SECRET when there is one, else a
 * fixed development value: addresses are then only pseudonymous (a fixed key can be brute-forced
 * over the address space), which is why a deployment should set its own.
 */
function clientHashSecret(env: z.infer<typeof envSchema>): string {
  if (env.CLIENT_HASH_SECRET) return env.CLIENT_HASH_SECRET
  return `quire-client-hash:${env.SHARE_SECRET ?? 'development'}`
}

export type LlmProvider = 'openai-compatible' | 'workers-ai' | 'offline'

export interface Config {
  /** offline = no chat model: every model step takes its deterministic fallback. */
  mode: 'offline' | 'online'
  llm: {
    provider: LlmProvider
    baseUrl: string
    apiKey?: string
    apiKeyFallback?: string
    /** Paper Brain's own key (seed 004); its fallback is LLM_API_KEY. Unset: the chat keys. */
    apiKeyDiscovery?: string
    model: string
    modelFast: string
    contextTokens: number
    timeoutMs: number
    maxCycles: number
  }
  embeddings: {
    provider: 'offline' | 'openai-compatible' | 'workers-ai'
    baseUrl: string
    apiKey?: string
    model?: string
    dimensions: number
    /** Unset: the model's own instruction (retrieval/embedders/instructions.ts); 'none': no prefix. */
    queryPrefix?: string
    documentPrefix?: string
  }
  vectorStore: 'd1' | 'vectorize'
  search: {
    provider: 'corpus' | 'brave' | 'tavily' | 'searxng'
    braveApiKey?: string
    tavilyApiKey?: string
    searxngUrl?: string
    /** Overrides the provider's public base URL (mirrors, recorded-response servers). */
    baseUrl?: string
  }
  sources: { arxivApiUrl: string; crossrefApiUrl: string; contactEmail: string }
  /** Which namespaces the shared knowledge base is read from (workers/namespaces.ts). */
  knowledge: {
    /** /api/ask, /v1, the widget, MCP ask and search_library, chat's and writing's library search. */
    askNamespaces: string[]
  }
  security: {
    apiKeys: string[]
    /** Deployed without API keys, the key-protected routes are open only when this is true. */
    openAccess: boolean
    ingestWebhookSecret?: string
    shareSecret?: string
    widgetOrigins: string[]
    /** Keys a widget presents in X-Quire-Widget-Key; scoped to POST /api/ask only. */
    widgetPublicKeys: string[]
    /** host:port pairs the guarded fetch may reach despite being private (tests, local mirrors only). */
    fetchAllowHosts: string[]
  }
  limits: { maxBodyBytes: number; maxUploadBytes: number }
  sessions: {
    /** Idle days before a private session is erased (SessionDO's alarm); 0: kept. */
    retentionDays: number
  }
  papers: {
    searchLimit: number
    chatLimit: number
    /** Paper Brain agent messages per session (seed 004: 3). */
    brainLimit: number
    cooldownMinutes: number
    apiCooldownMinutes: number
    maxPdfBytes: number
  }
  /** The two-scientist debate (seed 002 §10). */
  debate: {
    /** Rounds (scientist 1 then scientist 2) before the run ends without consensus. */
    maxTurns: number
    arxivResults: number
    crossrefResults: number
    maxNewTokens: number
    /** Cap on one turn's arXiv + Crossref ingestion; past it the turn uses the index as is. */
    ingestTimeoutMs: number
    /** Active debates allowed across the deployment; 0: no global limit (one per session). */
    maxActive: number
    /** Upper bound on arXiv results per query, whatever DEBATE_ARXIV_RESULTS asks. */
    arxivMaxResults: number
    downloadPdfs: boolean
  }
  /** Uses per client (API key or hashed address) and fixed window, across sessions. */
  clientQuotas: {
    windowMinutes: number
    /** The HMAC key for anonymous callers' addresses (see clientHashSecret). */
    hashSecret: string
    hashSecretConfigured: boolean
    /** Per kind; 0 means unlimited. */
    limits: Record<ClientQuotaKind, number>
  }
  /** Research writing (seed 000). */
  writing: {
    /** Top chunks of the user's document given to stage 1 (the seed's top 5). */
    contextChunks: number
    /** Knowledge-base passages retrieved per request (sources to ground, the offline draft). */
    evidencePassages: number
  }
}

function resolveLlmProvider(env: z.infer<typeof envSchema>): LlmProvider {
  if (env.LLM_PROVIDER !== 'auto') return env.LLM_PROVIDER
  return env.LLM_API_KEY ? 'openai-compatible' : 'offline'
}

/**
 * Variables another one makes required. Read from the raw strings, so that they are reported
 * together with the schema's problems rather than only once those are fixed.
 */
function missingProviderKeys(raw: Record<string, unknown>): ConfigProblem[] {
  const value = (name: string) => (typeof raw[name] === 'string' ? raw[name].trim() : '')
  const requires: [string, string, string][] = [
    ['SEARCH_PROVIDER', 'brave', 'BRAVE_API_KEY'],
    ['SEARCH_PROVIDER', 'tavily', 'TAVILY_API_KEY'],
    ['SEARCH_PROVIDER', 'searxng', 'SEARXNG_URL'],
    ['EMBEDDINGS_PROVIDER', 'openai-compatible', 'EMBEDDINGS_MODEL'],
  ]
  return requires
    .filter(([when, is, needed]) => value(when) === is && !value(needed))
    .map(([when, is, needed]) => ({ variable: needed, message: `required when ${when}=${is}` }))
}

/** Every schema issue, one per variable (the first rule it broke), in the schema's order. */
function schemaProblems(issues: readonly z.core.$ZodIssue[]): ConfigProblem[] {
  const byVariable = new Map<string, string>()
  for (const issue of issues) {
    const variable = String(issue.path[0] ?? 'environment')
    if (!byVariable.has(variable)) byVariable.set(variable, issue.message)
  }
  return [...byVariable].map(([variable, message]) => ({ variable, message }))
}

/** Parses bindings' string vars and secrets; throws one ConfigError naming every bad variable. */
export function parseConfig(source: ConfigSource): Config {
  const strings = Object.fromEntries(
    Object.entries(source).filter(([, v]) => typeof v === 'string'),
  )
  const parsed = envSchema.safeParse(strings)
  const reported = parsed.success ? [] : schemaProblems(parsed.error.issues)
  const missing = missingProviderKeys(strings).filter(
    (p) => !reported.some((r) => r.variable === p.variable),
  )
  const [first, ...rest] = [...reported, ...missing]
  if (first) throw new ConfigError([first, ...rest])
  if (!parsed.success) throw new ConfigError([{ variable: 'environment', message: 'invalid' }])
  const env = parsed.data
  const provider = resolveLlmProvider(env)
  return {
    mode: provider === 'offline' ? 'offline' : 'online',
    llm: {
      provider,
      baseUrl: env.LLM_BASE_URL,
      apiKey: env.LLM_API_KEY,
      apiKeyFallback: env.LLM_API_KEY_FALLBACK,
      apiKeyDiscovery: env.LLM_API_KEY_DISCOVERY,
      model: env.LLM_MODEL,
      // Never a fixed vendor name: on Ollama, Groq or any non-OpenAI endpoint a default like
      // gpt-4o-mini does not exist, so unset means "the same model as LLM_MODEL".
      modelFast: env.LLM_MODEL_FAST ?? env.LLM_MODEL,
      contextTokens: env.LLM_CONTEXT_TOKENS,
      timeoutMs: env.LLM_TIMEOUT_MS,
      maxCycles: env.TURN_MAX_CYCLES,
    },
    embeddings: {
      provider: env.EMBEDDINGS_PROVIDER,
      baseUrl: env.EMBEDDINGS_BASE_URL ?? env.LLM_BASE_URL,
      apiKey: env.EMBEDDINGS_API_KEY ?? env.LLM_API_KEY,
      model: env.EMBEDDINGS_MODEL,
      dimensions: env.EMBEDDINGS_DIMENSIONS,
      queryPrefix: env.EMBEDDINGS_QUERY_PREFIX,
      documentPrefix: env.EMBEDDINGS_DOCUMENT_PREFIX,
    },
    vectorStore: env.VECTOR_STORE,
    search: {
      provider: env.SEARCH_PROVIDER,
      braveApiKey: env.BRAVE_API_KEY,
      tavilyApiKey: env.TAVILY_API_KEY,
      searxngUrl: env.SEARXNG_URL,
      baseUrl: env.SEARCH_BASE_URL,
    },
    sources: {
      arxivApiUrl: env.ARXIV_API_URL,
      crossrefApiUrl: env.CROSSREF_API_URL,
      contactEmail: env.CONTACT_EMAIL,
    },
    knowledge: { askNamespaces: env.ASK_NAMESPACES },
    security: {
      apiKeys: env.QUIRE_API_KEYS,
      openAccess: env.QUIRE_OPEN_ACCESS,
      ingestWebhookSecret: env.INGEST_WEBHOOK_SECRET,
      shareSecret: env.SHARE_SECRET,
      widgetOrigins: env.WIDGET_ORIGINS,
      widgetPublicKeys: env.WIDGET_PUBLIC_KEYS,
      fetchAllowHosts: env.FETCH_ALLOW_HOSTS,
    },
    limits: { maxBodyBytes: env.MAX_BODY_BYTES, maxUploadBytes: env.MAX_UPLOAD_BYTES },
    sessions: { retentionDays: env.SESSION_RETENTION_DAYS },
    papers: {
      searchLimit: env.PAPERS_SEARCH_LIMIT,
      chatLimit: env.PAPERS_CHAT_LIMIT,
      brainLimit: env.PAPERS_BRAIN_LIMIT,
      cooldownMinutes: env.PAPERS_COOLDOWN_MINUTES,
      apiCooldownMinutes: env.PAPERS_API_COOLDOWN_MINUTES,
      maxPdfBytes: env.PAPERS_MAX_PDF_BYTES,
    },
    debate: {
      maxTurns: env.DEBATE_MAX_TURNS,
      arxivResults: env.DEBATE_ARXIV_RESULTS,
      crossrefResults: env.DEBATE_CROSSREF_RESULTS,
      maxNewTokens: env.DEBATE_MAX_NEW_TOKENS,
      ingestTimeoutMs: env.DEBATE_INGEST_TIMEOUT_MS,
      maxActive: env.DEBATE_MAX_ACTIVE,
      arxivMaxResults: env.ARXIV_MAX_RESULTS,
      downloadPdfs: env.ARXIV_DOWNLOAD_PDFS,
    },
    clientQuotas: {
      windowMinutes: env.CLIENT_QUOTA_WINDOW_MINUTES,
      hashSecret: clientHashSecret(env),
      hashSecretConfigured: Boolean(env.CLIENT_HASH_SECRET),
      limits: {
        search: env.CLIENT_SEARCH_LIMIT,
        run: env.CLIENT_RUN_LIMIT,
        upload: env.CLIENT_UPLOAD_LIMIT,
        session: env.CLIENT_SESSION_LIMIT,
      },
    },
    writing: {
      contextChunks: env.WRITING_CONTEXT_CHUNKS,
      evidencePassages: env.WRITING_EVIDENCE_PASSAGES,
    },
  }
}

const cache = new WeakMap<object, Config>()

/** parseConfig memoised per env object: bindings do not change within an isolate. */
export function getConfig(env: object): Config {
  let config = cache.get(env)
  if (!config) {
    config = parseConfig(env as ConfigSource)
    cache.set(env, config)
  }
  return config
}
