// The Write view's chat: messages, statuses and the offline label as they stream, the mode
// switch (write | research), and the highlights attached to the next message.
import { refuseBlank } from '../composer-notes'
import type { Attached } from './write-api'

export interface ChatPane {
  root: HTMLElement
  log: HTMLElement
  say(role: 'user' | 'assistant' | 'status' | 'error', text: string): HTMLElement
  attach(text: string): void
  take(): Attached[]
}

export function createChatPane(
  onSend: (message: string, mode: 'write' | 'research') => void,
): ChatPane {
  const root = document.createElement('section')
  root.className = 'write-chat'
  root.setAttribute('aria-label', 'Chat')
  const log = document.createElement('div')
  log.className = 'write-log'
  log.setAttribute('aria-live', 'polite')
  // It scrolls on its own once the chat is long: keyboard users must be able to reach it.
  log.setAttribute('role', 'log')
  log.setAttribute('aria-label', 'Chat messages')
  log.tabIndex = 0
  const chips = document.createElement('div')
  chips.className = 'write-chips'
  const form = document.createElement('form')
  form.className = 'write-form'
  form.innerHTML = `<label class="visually-hidden" for="write-input">Message</label>
<textarea id="write-input" rows="3" maxlength="8000" placeholder="Ask for content, e.g. add a paragraph on … to the Methods"></textarea>
<div class="write-form-row"><select id="write-mode" aria-label="Mode"><option value="write">Write</option><option value="research">Research</option></select>
<button type="submit">Send</button></div>`
  root.append(log, chips, form)
  let attached: Attached[] = []
  const input = form.querySelector('textarea') as HTMLTextAreaElement
  const mode = form.querySelector('select') as HTMLSelectElement
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    if (refuseBlank(input)) return
    const text = input.value.trim()
    input.value = ''
    onSend(text, mode.value === 'research' ? 'research' : 'write')
  })
  const renderChips = () =>
    chips.replaceChildren(
      ...attached.map((a, i) => {
        const chip = document.createElement('button')
        chip.type = 'button'
        chip.className = 'write-chip'
        chip.title = 'Remove this highlight'
        chip.textContent = `Highlight: ${a.text.slice(0, 60)}${a.text.length > 60 ? '…' : ''} ×`
        chip.addEventListener('click', () => {
          attached = attached.filter((_, j) => j !== i)
          renderChips()
        })
        return chip
      }),
    )
  return {
    root,
    log,
    say(role, text) {
      const p = document.createElement('div')
      p.className = `write-msg write-${role}`
      p.textContent = text
      log.append(p)
      log.scrollTop = log.scrollHeight
      return p
    },
    attach(text) {
      if (attached.some((a) => a.text === text) || attached.length >= 20) return
      attached.push({ type: 'highlight', text })
      renderChips()
    },
    take() {
      const taken = attached
      attached = []
      renderChips()
      return taken
    },
  }
}
