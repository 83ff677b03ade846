// Builders for debate tests: deps with a scripted model and the real arXiv/Crossref clients
// answering from recorded fixtures (or never answering), scientist replies, and the status
// lines of a run.
import type { Deps } from '../../workers/deps'
import { createScholarlyClients, createRateGate, type FetchLike } from '../../workers/sources'
import type { Packet } from '../../workers/stream'
import {
  arxivFixture,
  crossrefFixture,
  fakeClock,
  hangingFetch,
  testConfig,
} from '../sources/helpers'
import { scriptedModel, type ScriptedStep } from '../turn/scripted-model'
import { testDeps } from '../turn/helpers'

/** arXiv and Crossref answer every query from recorded responses. */
export const recordedFetch: FetchLike = async (url) => {
  if (url.includes('arxiv')) {
    return new Response(arxivFixture('q_testing_s0_m10'), {
      headers: { 'content-type': 'application/atom+xml' },
    })
  }
  return new Response(crossrefFixture('habanero_works_query-ecology_rows2'), {
    headers: { 'content-type': 'application/json' },
  })
}

export function scholarlyFrom(fetchImpl: FetchLike) {
  const clock = fakeClock()
  const gate = createRateGate({ intervalMs: 0, now: clock.now, sleep: clock.sleep })
  return createScholarlyClients(testConfig(), {
    fetchImpl,
    sleep: clock.sleep,
    now: clock.now,
    arxivGate: gate,
  })
}

export interface DebateDepsOptions {
  steps?: ScriptedStep[] | null
  fetchImpl?: FetchLike
  maxTurns?: number
  ingestTimeoutMs?: number
}

export function debateDeps(options: DebateDepsOptions = {}) {
  const model = options.steps === null ? null : scriptedModel(options.steps ?? [])
  const base = testDeps()
  const deps: Deps = {
    ...base,
    models: model ? { main: model, fast: model } : null,
    scholarly: scholarlyFrom(options.fetchImpl ?? recordedFetch),
    config: {
      ...base.config,
      debate: {
        ...base.config.debate,
        maxTurns: options.maxTurns ?? 2,
        ingestTimeoutMs: options.ingestTimeoutMs ?? 5_000,
      },
    },
  }
  return { deps, model }
}

export { hangingFetch }

export const VALID_PYTHON =
  '```python\ndef run_tests(cases):\n    return [case() for case in cases]\n```'
export const BROKEN_PYTHON =
  '```python\ndef run_tests(cases)\n    return [case( for case in cases\n```'

export function reply(body: string, ending: Record<string, string>): ScriptedStep {
  const lines = Object.entries(ending).map(([k, v]) => `${k}: ${v}`)
  return { text: [`${body}\n\n`, lines.join('\n')] }
}

export const proposal = (code = VALID_PYTHON) =>
  reply(`Testing should run every case [1].\n\n${code}`, {
    Agreement: 'AGREE',
    Viability: 'VIABLE',
    Validation: 'N/A',
    Conclusion: 'Run each case and collect the results.',
  })

export const review = (viability: string, validation: string) =>
  reply('The proposal follows the evidence [1], though coverage is unclear [2].', {
    Agreement: viability === 'VIABLE' ? 'AGREE' : 'DISAGREE',
    Viability: viability,
    Validation: validation,
    Conclusion: `Scientist 2 finds it ${viability.toLowerCase()}.`,
  })

export function statuses(packets: Packet[]): string[] {
  return packets.flatMap((p) => (p.type === 'status' ? [p.message] : []))
}

export function tokenText(packets: Packet[]): string {
  return packets.flatMap((p) => (p.type === 'token' ? [p.text] : [])).join('')
}
