// The app's modes, in navigation order. Each view is loaded on first use (its own chunk) and
// exports `mount(root, route) => unmount`.
import type { ModeRoute } from '../mode-route'

export type MountView = (root: HTMLElement, route: ModeRoute) => () => void

export interface ModeEntry {
  id: string
  label: string
  /** One line under the mode's name in the navigation's accessible description. */
  blurb: string
  load: () => Promise<{ mount: MountView }>
}

export const MODES: ModeEntry[] = [
  {
    id: 'ask',
    label: 'Ask',
    blurb: 'Questions answered with citations',
    load: () => import('../ask'),
  },
  {
    id: 'write',
    label: 'Write',
    blurb: 'Draft a document with references',
    load: () => import('../write'),
  },
  {
    id: 'debate',
    label: 'Debate',
    blurb: 'Two scientists argue from evidence',
    load: () => import('../debate'),
  },
  {
    id: 'papers',
    label: 'Papers',
    blurb: 'Chat with loaded papers',
    load: () => import('../papers'),
  },
]

export const DEFAULT_MODE = 'ask'

export function findMode(id: string): ModeEntry | undefined {
  return MODES.find((mode) => mode.id === id)
}
