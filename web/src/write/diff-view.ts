// The pending suggestion shown against where it will go: a line diff (jsdiff) of the document
// before and after the previewed placement, unchanged lines folded to a little context.
import { diffLines } from 'diff'

const CONTEXT = 2

function line(kind: 'add' | 'del' | 'same' | 'fold', text: string): HTMLElement {
  const el = document.createElement('div')
  el.className = `diff-line diff-${kind}`
  el.textContent = kind === 'add' ? `+ ${text}` : kind === 'del' ? `- ${text}` : `  ${text}`
  return el
}

export function renderDiff(before: string, after: string): HTMLElement {
  const root = document.createElement('div')
  root.className = 'diff'
  // It scrolls: keyboard users must be able to reach and scroll it too.
  root.tabIndex = 0
  root.setAttribute('role', 'region')
  root.setAttribute('aria-label', 'Changes to the document')
  for (const part of diffLines(before, after)) {
    const lines = part.value.replace(/\n$/, '').split('\n')
    if (part.added || part.removed) {
      for (const text of lines) root.append(line(part.added ? 'add' : 'del', text))
      continue
    }
    if (lines.length <= CONTEXT * 2) {
      for (const text of lines) root.append(line('same', text))
      continue
    }
    for (const text of lines.slice(0, CONTEXT)) root.append(line('same', text))
    root.append(line('fold', `… ${lines.length - CONTEXT * 2} unchanged lines …`))
    for (const text of lines.slice(-CONTEXT)) root.append(line('same', text))
  }
  return root
}
