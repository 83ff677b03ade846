// The view of a mode whose own view has not landed yet: says so plainly, and points at Ask.
import type { ModeRoute } from '../mode-route'

type MountView = (root: HTMLElement, route: ModeRoute) => () => void

export function placeholder(label: string): MountView {
  return (root) => {
    const title = document.createElement('h1')
    title.className = 'mode-title'
    title.textContent = `${label} is coming`
    const text = document.createElement('p')
    text.className = 'mode-lede'
    text.textContent = `The ${label} view is not part of this build yet. Its API is available (see the OpenAPI document); meanwhile, Ask answers questions with citations.`
    const link = document.createElement('a')
    link.href = '#/ask'
    link.textContent = 'Go to Ask'
    const box = document.createElement('section')
    box.className = 'placeholder'
    box.append(title, text, link)
    root.append(box)
    return () => root.replaceChildren()
  }
}
