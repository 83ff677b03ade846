// An error shown next to the control whose action caused it (a form's buttons, a card's
// actions), in the server's own words; the next attempt clears it.
const CLASS = 'action-error'

/** Shows `message` right after `anchor`, replacing an earlier error there. */
export function showActionError(anchor: Element, message: string): HTMLElement {
  clearActionError(anchor)
  const note = document.createElement('p')
  note.className = CLASS
  note.setAttribute('role', 'alert')
  note.textContent = message
  anchor.after(note)
  return note
}

export function clearActionError(anchor: Element): void {
  const next = anchor.nextElementSibling
  if (next?.classList.contains(CLASS)) next.remove()
}

/** An error's words for the page: the server's message, never a stack trace. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
