// Chat across the loaded papers: one turn per question, streamed (status lines, then the answer),
// then replaced by the checked answer with its page citations as PDF links; abstentions, the
// offline label, degraded steps, moved or removed citations and errors are said in words.
import { refuseBlank } from '../composer-notes'
import type { Packet } from '../types'
import type { PdfHref } from './citations'
import { el, messageOf } from './dom'
import { renderPaperAnswer } from './render'
import type { ChatResult, GivenSource } from './types'
import { answerStatus, fallbackLines } from './words'

export interface ChatPanelPorts {
  chat(message: string, onPacket: (packet: Packet) => void): Promise<void>
  hrefOf: PdfHref
  onResult(result: ChatResult): void
}

function notice(kind: string, title: string, lines: string[] = []): HTMLElement {
  return el('div', { class: `notice notice-${kind}`, role: 'note' }, [
    el('strong', { text: title }),
    ...lines.map((line) => el('p', { text: line })),
  ])
}

function noticesOf(result: ChatResult): HTMLElement[] {
  const out: HTMLElement[] = []
  if (result.abstained) {
    out.push(
      notice('abstained', 'Not answered: the loaded papers do not cover this', [
        'Nothing is cited, because no loaded page supports an answer.',
      ]),
    )
  }
  if (result.mode === 'degraded') {
    out.push(notice('degraded', 'Degraded answer', fallbackLines(result.fallbacks ?? [])))
  }
  const check = result.citation_check
  if (check && (check.corrected > 0 || check.removed > 0)) {
    out.push(
      notice('checked', 'Citations checked', [
        `${check.corrected} moved to the page that supports the sentence; ${check.removed} removed (no loaded paper or page matched).`,
      ]),
    )
  }
  if (result.error) out.push(notice('error', 'The model failed', [result.error.message]))
  return out
}

function sourcesOf(sources: GivenSource[], mode: ChatResult['mode']): HTMLElement | null {
  if (sources.length === 0) return null
  const items = sources.map((s) =>
    el('li', {}, [
      el('strong', { text: `${s.title}, page ${s.page ?? '?'}` }),
      s.snippet ? el('p', { text: `${s.snippet}…` }) : null,
    ]),
  )
  return el('details', { class: 'paper-sources' }, [
    el('summary', {
      // Offline no model reads them: say what they are, not who read them.
      text: `${mode === 'offline' ? 'Pages the answer draws on' : 'Pages given to the model'} (${sources.length})`,
    }),
    el('ol', {}, items),
  ])
}

interface Turn {
  root: HTMLElement
  status: HTMLElement
  answer: HTMLElement
}

function newTurn(n: number, question: string): Turn {
  const status = el('p', { class: 'status', role: 'status', text: 'Reading the loaded papers…' })
  const answer = el('div', { class: 'paper-answer' })
  const root = el('article', { class: 'paper-turn', id: `paper-turn-${n}` }, [
    el('p', { class: 'paper-question', text: question }),
    status,
    answer,
  ])
  return { root, status, answer }
}

function finish(turn: Turn, result: ChatResult, hrefOf: PdfHref): void {
  turn.answer.innerHTML = renderPaperAnswer(result.answer, result.citations, hrefOf)
  turn.answer.before(...noticesOf(result))
  const sources = sourcesOf(result.sources, result.mode)
  if (sources) turn.answer.after(sources)
  turn.root.dataset.mode = result.mode
  turn.root.dataset.abstained = String(result.abstained)
  turn.status.textContent = answerStatus(result)
}

export interface ChatPanel {
  root: HTMLElement
  /** A turn the session stored: its question and its checked answer, as it ended. */
  showPast(question: string, result: ChatResult): void
}

export function createChatPanel(ports: ChatPanelPorts): ChatPanel {
  const turns = el('div', { class: 'paper-turns', 'aria-live': 'polite' })
  const input = el('textarea', {
    id: 'papers-message',
    rows: '3',
    maxlength: '8000',
    required: '',
    placeholder: 'Ask across the loaded papers',
  })
  const submit = el('button', { type: 'submit', text: 'Ask' })
  const form = el('form', { class: 'papers-chat-form' }, [
    el('label', { for: 'papers-message', text: 'Question' }),
    input,
    el('div', { class: 'row' }, [submit]),
  ])
  let count = 0

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    if (refuseBlank(input)) return
    const message = input.value.trim()
    count += 1
    const turn = newTurn(count, message)
    turns.append(turn.root)
    submit.disabled = true
    let result: ChatResult | null = null
    let failure: string | null = null
    ports
      .chat(message, (packet) => {
        if (packet.type === 'status') turn.status.textContent = packet.message
        else if (packet.type === 'token') turn.answer.textContent += packet.text
        else if (packet.type === 'error') failure = packet.message
        else if (packet.type === 'done') result = packet.result as ChatResult
      })
      .then(() => {
        if (result) {
          finish(turn, result, ports.hrefOf)
          ports.onResult(result)
        } else {
          turn.status.textContent = `Failed: ${failure ?? 'the answer ended without a result'}`
        }
        input.value = ''
      })
      .catch((error: unknown) => {
        turn.status.textContent = `Failed: ${messageOf(error)}`
        turn.root.dataset.failed = 'true'
      })
      .finally(() => {
        submit.disabled = false
      })
  })

  const root = el(
    'section',
    { class: 'papers-panel papers-chat', 'aria-labelledby': 'papers-chat-h' },
    [el('h2', { id: 'papers-chat-h', text: 'Chat across your papers' }), turns, form],
  )
  return {
    root,
    showPast(question, result) {
      count += 1
      const turn = newTurn(count, question)
      turns.append(turn.root)
      finish(turn, result, ports.hrefOf)
    },
  }
}
