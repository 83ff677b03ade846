// The widget's UI inside its shadow root: the bubble, the panel (title, mode badge, log of
// questions and streamed answers with status and sources, composer with Stop).
import { ask, stopAnswer, type WidgetPacket, type WidgetSourceRef } from './client'
import type { WidgetConfig } from './config'
import { refuseBlank, watchLengthLimits } from '../composer-notes'
import { el } from '../el'
import { renderAnswer, renderSources } from './render'
import { WIDGET_CSS } from './styles'

interface Payload {
  answer: string
  sources?: WidgetSourceRef[]
  mode?: string
  model?: string | null
  abstained?: boolean
  reason?: string
}

/** After a stop, the server's closing packet is awaited this long before the panel stops alone. */
const STOP_WAIT_MS = 10_000

function isPayload(value: unknown): value is Payload {
  return typeof (value as Payload | null)?.answer === 'string'
}

const TEMPLATE = `<button class="bubble" type="button" aria-expanded="false" aria-controls="panel">Q</button>
<section class="panel" id="panel" role="dialog" aria-modal="false" hidden>
<div class="head"><h2 id="title"></h2><span class="badge" hidden></span><button class="close" type="button" aria-label="Close">×</button></div>
<div class="log" role="log" aria-live="polite" aria-labelledby="title"></div>
<form><label class="vh" for="q">Your question</label><textarea id="q" rows="1" maxlength="4000" required></textarea>
<button class="send" type="submit">Ask</button><button class="stop" type="button" hidden>Stop</button></form></section>`

export function mountWidget(host: HTMLElement, config: WidgetConfig): ShadowRoot {
  const root = host.attachShadow({ mode: 'open' })
  const style = el('style')
  style.textContent = WIDGET_CSS
  const frame = el('div', 'w')
  frame.innerHTML = TEMPLATE
  root.append(style, frame)
  const $ = <T extends Element>(s: string) => root.querySelector(s) as T
  const bubble = $<HTMLButtonElement>('.bubble')
  const panel = $<HTMLElement>('.panel')
  const log = $<HTMLElement>('.log')
  const form = $<HTMLFormElement>('form')
  const input = $<HTMLTextAreaElement>('textarea')
  const send = $<HTMLButtonElement>('.send')
  const stop = $<HTMLButtonElement>('.stop')
  const badge = $<HTMLElement>('.badge')
  $<HTMLElement>('#title').textContent = config.title
  bubble.setAttribute('aria-label', `Open ${config.title}`)
  panel.setAttribute('aria-label', config.title)
  let active: AbortController | null = null

  const setOpen = (open: boolean) => {
    panel.hidden = !open
    bubble.setAttribute('aria-expanded', String(open))
    if (open) input.focus()
    else bubble.focus()
  }
  bubble.addEventListener('click', () => setOpen(panel.hidden))
  $<HTMLButtonElement>('.close').addEventListener('click', () => setOpen(false))
  const onEscape = (event: Event) => {
    if ((event as KeyboardEvent).key !== 'Escape') return
    if (active) requestStop()
    else setOpen(false)
  }
  root.addEventListener('keydown', onEscape)
  // Focus that left the panel for nothing (a click on its text, the Ask button disabled while
  // answering) lands on the host page's body, outside this root: Esc there still closes it.
  document.addEventListener('keydown', (event) => {
    const onNothing = document.activeElement === null || document.activeElement === document.body
    if (onNothing && !panel.hidden) onEscape(event)
  })
  watchLengthLimits(root)

  /**
   * Stop ends the run on the server (a dropped connection alone would leave it running); the
   * stream then ends with the server's account (the partial text it kept, or the whole answer
   * when it was already complete), so the panel shows what the session holds. Only when the
   * server cannot be told, or does not answer in time, does the panel stop on its own.
   */
  function requestStop(): void {
    const running = active
    if (!running) return
    stop.disabled = true
    void stopAnswer(config).then((told) => {
      if (!told) running.abort()
      else setTimeout(() => running.abort(), STOP_WAIT_MS)
    })
  }

  function showMode(payload: Payload): void {
    const kind = payload.mode ?? 'offline'
    const model = payload.model ? ` · ${payload.model}` : ''
    badge.textContent =
      kind === 'offline' ? 'Offline' : `${kind[0]?.toUpperCase()}${kind.slice(1)}${model}`
    badge.dataset.kind = kind
    badge.hidden = false
  }

  async function run(query: string): Promise<void> {
    log.append(el('p', 'q', query))
    const answer = el('div', 'a')
    const status = el('p', 'status', 'Starting…')
    status.setAttribute('role', 'status')
    const body = el('div', 'body')
    const list = el('ol', 'srcs')
    list.setAttribute('aria-label', 'Sources')
    list.hidden = true
    answer.dataset.state = 'streaming'
    answer.append(status, body, list)
    log.append(answer)
    const sources = new Map<number, WidgetSourceRef>()
    let text = ''
    const draw = () => renderAnswer(body, text, sources, config.endpoint)
    const onPacket = (packet: WidgetPacket) => {
      if (packet.type === 'status' && packet.message) status.textContent = packet.message
      else if (packet.type === 'token' && packet.text) {
        text += packet.text
        draw()
      } else if (packet.type === 'replace') {
        // The model failed mid-answer: its text is withdrawn; the answer that follows replaces it.
        text = ''
        draw()
      } else if (packet.type === 'citation' && packet.source) {
        sources.set(packet.source.number, packet.source)
        renderSources(list, sources, config.endpoint)
      } else if (packet.type === 'sources' && packet.sources) {
        sources.clear()
        for (const s of packet.sources) sources.set(s.number, s)
        renderSources(list, sources, config.endpoint)
      } else if (packet.type === 'error' && packet.message) {
        answer.dataset.state = 'error'
        status.textContent = packet.message
      } else if (packet.type === 'done') finish(packet)
      log.scrollTop = log.scrollHeight
    }
    const finish = (packet: WidgetPacket) => {
      if (packet.stopped) {
        // The server's partial text is what the session keeps: show exactly that.
        const kept = packet.result as { answer?: unknown; text?: unknown } | null
        const partial = kept?.answer ?? kept?.text
        if (typeof partial === 'string') text = partial
        draw()
        answer.dataset.state = 'stopped'
        status.textContent = 'Stopped.'
        return
      }
      if (!isPayload(packet.result)) return
      const result = packet.result
      text = result.answer
      sources.clear()
      for (const s of result.abstained ? [] : (result.sources ?? [])) sources.set(s.number, s)
      draw()
      renderSources(list, sources, config.endpoint)
      if (result.abstained)
        body.prepend(el('p', 'note', result.reason ?? 'The sources do not cover this.'))
      showMode(result)
      answer.dataset.state = 'done'
      // A degraded answer is never announced as a normal one.
      status.textContent = result.abstained
        ? 'Not answered: no source covers this.'
        : result.mode === 'degraded'
          ? 'Answered in degraded mode (some steps fell back).'
          : 'Answer ready.'
    }
    active = new AbortController()
    send.disabled = true
    stop.hidden = false
    try {
      await ask(config, query, active.signal, onPacket)
      if (answer.dataset.state === 'streaming') {
        answer.dataset.state = 'error'
        status.textContent = 'The answer stopped before it was complete.'
      }
    } catch (error) {
      answer.dataset.state = active.signal.aborted ? 'stopped' : 'error'
      // A TypeError is the browser failing the request (network down, server unreachable);
      // a refused site gets the server's own words (client.ts).
      const reason =
        error instanceof TypeError
          ? 'Could not reach Quire from this page: the network or the Quire server is down.'
          : (error as Error).message
      status.textContent = active.signal.aborted ? 'Stopped.' : reason
    } finally {
      active = null
      send.disabled = false
      stop.hidden = true
      stop.disabled = false
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    if (active || refuseBlank(input)) return
    const query = input.value.trim()
    input.value = ''
    void run(query)
  })
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      form.requestSubmit()
    }
  })
  stop.addEventListener('click', requestStop)
  return root
}
