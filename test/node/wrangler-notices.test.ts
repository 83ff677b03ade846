// npm start drops wrangler's notices about bindings the configuration does not use, once
// explained, and keeps them when it does use them.
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../workers/config'
import { BINDING_NOTICES, createNoticeFilter } from '../../scripts/wrangler-notices'

// As wrangler prints them: a coloured box line, then blank lines.
const AI =
  '\x1b[33m▲ \x1b[43;33m[\x1b[43;30mWARNING\x1b[43;33m]\x1b[0m \x1b[1mAI bindings always access remote resources, and so may incur usage charges even in local dev. To suppress this warning, set `remote: true`.\x1b[0m'
const VECTORIZE =
  '\x1b[33m▲ [WARNING]\x1b[0m Vectorize Index bindings do not support local development, and so parts of your Worker may not work correctly.'
const OUTPUT = [
  'Your Worker has access to the following bindings:',
  AI,
  '',
  '',
  VECTORIZE,
  '',
  '',
  '⎔ Starting local server...',
  '',
  '[wrangler:info] Ready on http://127.0.0.1:8787',
]

const run = (vars: Record<string, string>) => OUTPUT.flatMap(createNoticeFilter(parseConfig(vars)))

describe('createNoticeFilter', () => {
  it('replaces both notices of an offline start by one line naming both bindings', () => {
    const out = run({})
    expect(out.filter((l) => /WARNING/.test(l))).toEqual([])
    const explained = out.filter((l) => l.startsWith("• wrangler's notices"))
    expect(explained).toHaveLength(1)
    expect(explained[0]).toMatch(/AI and Vectorize/)
    // Unrelated lines, blank ones between them included, pass unchanged.
    expect(out.filter((l) => !l.startsWith('•'))).toEqual([
      OUTPUT[0],
      '⎔ Starting local server...',
      '',
      OUTPUT[9],
    ])
  })

  it.each([
    [{ LLM_PROVIDER: 'workers-ai' }, ['AI']],
    [{ EMBEDDINGS_PROVIDER: 'workers-ai', EMBEDDINGS_MODEL: '@cf/baai/bge-small-en-v1.5' }, ['AI']],
    [{ VECTOR_STORE: 'vectorize' }, ['Vectorize']],
    [{ LLM_PROVIDER: 'workers-ai', VECTOR_STORE: 'vectorize' }, ['AI', 'Vectorize']],
  ])('keeps the notice of a binding %j uses', (vars, used) => {
    const out = run(vars)
    for (const notice of BINDING_NOTICES) {
      const shown = out.some((l) => notice.pattern.test(l))
      expect(shown).toBe(used.includes(notice.binding))
    }
    const explained = out.filter((l) => l.startsWith("• wrangler's notices"))
    expect(explained).toHaveLength(used.length === BINDING_NOTICES.length ? 0 : 1)
  })
})
