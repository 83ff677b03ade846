// The header's mode badge, in words: "Offline", "Online · <model>" or "Degraded · <model>".
// /health sets it first; each finished answer (ANSWER_MODE_EVENT) updates it to how that
// answer was really made.
import { ANSWER_MODE_EVENT, type AnswerModeDetail } from '../app-events'
import type { HealthView } from '../types'
import { stageWords } from '../../../workers/grounding/stage-words'

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
let configuredModel: string | null = null

function setBadge(kind: 'offline' | 'online' | 'degraded', text: string, note: string): void {
  const badge = byId<HTMLElement>('mode-badge')
  badge.textContent = text
  badge.dataset.kind = kind
  badge.title = note
  badge.hidden = false
}

export function showHealthMode(health: HealthView): void {
  configuredModel = health.model ?? null
  if (health.mode === 'offline') {
    setBadge('offline', 'Offline mode', 'No language model: answers quote sources directly.')
    byId<HTMLElement>('offline-notice').hidden = false
  } else if (health.mode === 'online') {
    const model = configuredModel ? ` · ${configuredModel}` : ''
    setBadge('online', `Online${model}`, 'Answers are written by the configured model.')
  }
}

function showAnswerMode(detail: AnswerModeDetail): void {
  const model = detail.model ?? configuredModel
  const name = model ? ` · ${model}` : ''
  if (detail.mode === 'degraded') {
    const stages = detail.fallbacks.map((f) => stageWords(f.stage)).join(', ')
    setBadge('degraded', `Degraded${name}`, `Fell back offline: ${stages || 'some steps'}`)
  } else if (detail.mode === 'online') {
    setBadge('online', `Online${name}`, 'The last answer was written by this model.')
  } else {
    setBadge('offline', 'Offline mode', 'No language model: answers quote sources directly.')
  }
}

export function watchAnswerModes(): void {
  window.addEventListener(ANSWER_MODE_EVENT, (event) =>
    showAnswerMode((event as CustomEvent<AnswerModeDetail>).detail),
  )
}
