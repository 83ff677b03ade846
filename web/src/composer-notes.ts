// The note right under a composer field, in words (composer-words.ts): every field with a
// maxlength says when it is full or a paste was cut to fit, and a blank question is refused
// there instead of doing nothing. Works in the page and in the widget's shadow root.
import { BLANK_NOTE, isBlank, lengthNote, pasteOverflow } from './composer-words'

type Field = HTMLTextAreaElement | HTMLInputElement
type NoteKind = 'length' | 'blank'
const NOTE = 'composer-note'

const isField = (target: EventTarget | null): target is Field =>
  (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) &&
  target.maxLength > 0

function existingNote(field: Field): HTMLElement | null {
  const next = field.nextElementSibling
  return next instanceof HTMLElement && next.classList.contains(NOTE) ? next : null
}

/** Shows `text` under the field as a note of `kind`; null clears a note of that kind. */
function say(field: Field, kind: NoteKind, text: string | null): void {
  const found = existingNote(field)
  if (text === null) {
    if (found?.dataset.kind === kind) found.remove()
    return
  }
  const note = found ?? field.ownerDocument.createElement('p')
  note.className = NOTE
  note.dataset.kind = kind
  note.setAttribute('role', 'status')
  note.textContent = text
  if (field.id) {
    note.id = `${field.id}-note`
    field.setAttribute('aria-describedby', note.id)
  }
  if (!found) field.after(note)
}

/** How much each field's last paste lost to its limit (until the field's text changes again). */
const cuts = new WeakMap<Field, number>()

/** Watches every field with a maxlength under `root` (delegated: views come and go). */
export function watchLengthLimits(root: Document | ShadowRoot): void {
  root.addEventListener('paste', (event) => {
    const field = event.target
    if (!isField(field)) return
    const pasted = (event as ClipboardEvent).clipboardData?.getData('text/plain') ?? ''
    const selected = (field.selectionEnd ?? 0) - (field.selectionStart ?? 0)
    const cut = pasteOverflow({
      length: field.value.length,
      max: field.maxLength,
      selected,
      pasted: pasted.replace(/\r\n?/g, '\n').length,
    })
    cuts.set(field, cut)
    // A paste that all fits changes nothing visible; the input event that follows clears it.
    if (cut > 0)
      say(field, 'length', lengthNote({ length: field.maxLength, max: field.maxLength, cut }))
  })
  root.addEventListener('input', (event) => {
    const field = event.target
    if (!isField(field)) return
    const cut = (event as InputEvent).inputType === 'insertFromPaste' ? (cuts.get(field) ?? 0) : 0
    cuts.delete(field)
    say(field, 'blank', null)
    say(field, 'length', lengthNote({ length: field.value.length, max: field.maxLength, cut }))
  })
}

/**
 * True (and says so under the field) when it holds only blanks: the caller sends nothing.
 * Otherwise the text is about to be sent, and the field's notes go with it.
 */
export function refuseBlank(field: Field): boolean {
  if (!isBlank(field.value)) {
    existingNote(field)?.remove()
    return false
  }
  say(field, 'blank', BLANK_NOTE)
  field.focus()
  return true
}
