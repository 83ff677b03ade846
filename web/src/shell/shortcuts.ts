// Keyboard shortcuts: `/` focuses the mode's composer, Esc stops what is streaming (the view's
// [data-stop] button) and closes panels, `]` / `[` go to the next / previous citation.
// Letters typed into a text field are the user's, never shortcuts.
import { hidePreview, stepCitation } from './citations'

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))
}

export function watchShortcuts(outlet: HTMLElement, closePanels: () => void): void {
  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return
    if (event.key === 'Escape') {
      hidePreview()
      closePanels()
      const stop = outlet.querySelector<HTMLButtonElement>('[data-stop]:not([hidden]):enabled')
      stop?.click()
      return
    }
    if (isTyping(event.target)) return
    if (event.key === '/') {
      const composer = outlet.querySelector<HTMLElement>('[data-composer]')
      if (!composer) return
      event.preventDefault()
      composer.focus()
    } else if (event.key === ']' || event.key === '[') {
      event.preventDefault()
      stepCitation(outlet, event.key === ']' ? 1 : -1)
    }
  })
}
