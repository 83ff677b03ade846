// A small element builder for the Papers view: text is always set as text, never as HTML.
type Child = Node | string | null | undefined | false

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  children: Child[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined) continue
    if (name === 'class') node.className = value
    else if (name === 'text') node.textContent = value
    else node.setAttribute(name, value)
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue
    node.append(child)
  }
  return node
}

export { errorMessage as messageOf } from '../action-error'
