// Paper Brain's agent, in the Discover panel: the user says what they need, Quire searches
// arXiv and loads what fits on its own (with a model; offline it only searches), streaming
// what it does; the papers it loads appear in the library as they arrive.
import type { Packet } from '../types'
import { el, messageOf } from './dom'

export interface BrainPanelPorts {
  brain(message: string, onPacket: (packet: Packet) => void): Promise<void>
  /** After a run: the library and the quota are read again. */
  after(): void
}

export function createBrainPanel(ports: BrainPanelPorts): HTMLElement {
  const input = el('textarea', {
    id: 'papers-brain-input',
    rows: '2',
    maxlength: '2000',
    placeholder: 'e.g. find two recent papers on sparse attention and load them',
  })
  const submit = el('button', { type: 'submit', text: 'Let Quire find them' })
  const log = el('div', { class: 'papers-brain-log', 'aria-live': 'polite' })
  const form = el('form', { class: 'papers-brain-form' }, [
    el('label', { for: 'papers-brain-input', text: 'Or describe what you need' }),
    input,
    el('div', { class: 'row' }, [submit]),
    log,
  ])

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const message = input.value.trim()
    if (!message) return
    submit.disabled = true
    const steps = el('ul', { class: 'papers-brain-steps' })
    const reply = el('p', { class: 'papers-brain-reply' })
    log.replaceChildren(steps, reply)
    ports
      .brain(message, (packet) => {
        if (packet.type === 'status') steps.append(el('li', { text: packet.message }))
        else if (packet.type === 'token') reply.textContent += packet.text
        else if (packet.type === 'error')
          steps.append(el('li', { class: 'error', text: packet.message }))
      })
      .then(() => {
        input.value = ''
      })
      .catch((error: unknown) => {
        steps.append(el('li', { class: 'error', text: messageOf(error) }))
      })
      .finally(() => {
        submit.disabled = false
        ports.after()
      })
  })
  return form
}
