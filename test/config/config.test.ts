// Configuration parsing errors name the variable; invalid config over HTTP is a 500 envelope.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { parseConfig } from '../../workers/config'
import { ConfigError } from '../../workers/errors'

function configError(vars: Record<string, string>): ConfigError {
  try {
    parseConfig(vars)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('parseConfig', () => {
  it('names the variable holding a bad URL', () => {
    const error = configError({ LLM_BASE_URL: 'not a url' })
    expect(error.variable).toBe('LLM_BASE_URL')
    expect(error.message).toContain('LLM_BASE_URL')
  })

  it('refuses a non-http URL scheme', () => {
    expect(configError({ ARXIV_API_URL: 'ftp://export.arxiv.org/api' }).variable).toBe(
      'ARXIV_API_URL',
    )
  })

  it('names the variable holding a value outside its enum', () => {
    const error = configError({ VECTOR_STORE: 'pinecone' })
    expect(error.variable).toBe('VECTOR_STORE')
    expect(error.message).toContain('VECTOR_STORE')
  })

  it('refuses a non-integer embedding dimension', () => {
    for (const value of ['384.5', 'abc', '-3', '0']) {
      expect(configError({ EMBEDDINGS_DIMENSIONS: value }).variable).toBe('EMBEDDINGS_DIMENSIONS')
    }
  })

  it('refuses a webhook secret that is not whsec_<base64>', () => {
    const error = configError({ INGEST_WEBHOOK_SECRET: 'plain-secret-value' })
    expect(error.variable).toBe('INGEST_WEBHOOK_SECRET')
    expect(error.message).not.toContain('plain-secret-value')
  })

  it('requires BRAVE_API_KEY when SEARCH_PROVIDER=brave', () => {
    const error = configError({ SEARCH_PROVIDER: 'brave' })
    expect(error.variable).toBe('BRAVE_API_KEY')
    expect(error.message).toContain('SEARCH_PROVIDER=brave')
    expect(parseConfig({ SEARCH_PROVIDER: 'brave', BRAVE_API_KEY: 'k' }).search.provider).toBe(
      'brave',
    )
  })

  it('runs offline when no model key is given', () => {
    const config = parseConfig({})
    expect(config.mode).toBe('offline')
    expect(config.llm.provider).toBe('offline')
  })

  it('runs online through the OpenAI-compatible adapter when a key is given', () => {
    const config = parseConfig({ LLM_API_KEY: 'sk-x', LLM_MODEL: 'm' })
    expect(config.mode).toBe('online')
    expect(config.llm.provider).toBe('openai-compatible')
    expect(config.llm.modelFast).toBe('m')
  })
})

describe('parseConfig with several bad variables', () => {
  const bad: Record<string, string> = {
    LLM_BASE_URL: 'not a url',
    VECTOR_STORE: 'pinecone',
    EMBEDDINGS_DIMENSIONS: 'abc',
    CONTACT_EMAIL: 'nobody',
    ARXIV_API_URL: 'ftp://export.arxiv.org/api',
    QUIRE_OPEN_ACCESS: 'maybe',
    LLM_TIMEOUT_MS: '-1',
  }
  const names = Object.keys(bad)
  // Every pair and a few larger sets, with a provider-required key missing or not.
  const sets = [
    ...names.flatMap((a, i) => names.slice(i + 1).map((b) => [a, b])),
    names.slice(0, 4),
    names,
  ]
  it.each(sets.flatMap((set) => [[set, false] as const, [set, true] as const]))(
    'names every one of %j (SEARCH_PROVIDER=brave without its key: %s)',
    (set, braveWithoutKey) => {
      const vars = Object.fromEntries(set.map((name) => [name, bad[name] ?? '']))
      const error = configError(braveWithoutKey ? { ...vars, SEARCH_PROVIDER: 'brave' } : vars)
      const expected = braveWithoutKey ? [...set, 'BRAVE_API_KEY'] : set
      expect([...error.problems.map((p) => p.variable)].sort()).toEqual([...expected].sort())
      for (const name of expected) expect(error.message).toContain(name)
      for (const value of set.map((name) => bad[name] ?? ''))
        expect(error.message).not.toContain(value)
    },
  )
})

describe('invalid configuration over HTTP', () => {
  it('lists every bad variable in the config_invalid envelope', async () => {
    const broken = { ...env, VECTOR_STORE: 'pinecone', LLM_TIMEOUT_MS: 'soon' } as Env
    const res = await app.request('/health', {}, broken)
    expect(res.status).toBe(500)
    const body = await res.json<{ error: { message: string; details: { variables: string[] } } }>()
    expect([...body.error.details.variables].sort()).toEqual(['LLM_TIMEOUT_MS', 'VECTOR_STORE'])
    expect(body.error.message).toMatch(/LLM_TIMEOUT_MS.*VECTOR_STORE|VECTOR_STORE.*LLM_TIMEOUT_MS/)
  })

  it('answers 500 config_invalid naming the variable, without echoing secrets', async () => {
    const broken = {
      ...env,
      LLM_BASE_URL: 'definitely not a url',
      LLM_API_KEY: 'sk-should-never-appear',
    } as Env
    const res = await app.request(
      '/health',
      { headers: { 'X-Request-Id': 'cfg-check-001' } },
      broken,
    )
    expect(res.status).toBe(500)
    expect(res.headers.get('X-Request-Id')).toBe('cfg-check-001')
    const text = await res.text()
    expect(JSON.parse(text)).toMatchObject({
      error: {
        code: 'config_invalid',
        details: { variable: 'LLM_BASE_URL' },
        request_id: 'cfg-check-001',
      },
    })
    expect(text).not.toContain('sk-should-never-appear')
    expect(text).not.toContain('definitely not a url')
  })
})

describe('LLM_MODEL_FAST default', () => {
  it('is LLM_MODEL on a non-OpenAI endpoint when only LLM_MODEL is set', () => {
    const config = parseConfig({
      ...env,
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'llama3.2',
    })
    expect(config.llm.modelFast).toBe('llama3.2')
  })

  it('is not pinned to an OpenAI model name by wrangler.toml', () => {
    expect((env as unknown as Record<string, unknown>).LLM_MODEL_FAST).toBeUndefined()
  })

  it('is honoured when set', () => {
    const config = parseConfig({ LLM_API_KEY: 'k', LLM_MODEL: 'big', LLM_MODEL_FAST: 'small' })
    expect(config.llm.modelFast).toBe('small')
  })
})
