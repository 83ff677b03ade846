// The Write mode: the document pane beside the chat. A message streams stage 1; pending
// content appears as a suggestion with its placement previewed as a diff; Approve places it
// (the pane shows the new version), Reject / Rewrite ask again; versions restore.
import { ensureSession } from '../api'
import type { ModeRoute } from '../mode-route'
import { readPackets } from '../stream'
import type { SessionCredentials } from '../types'
import { createChatPane } from './chat-pane'
import { createDocumentPane } from './document-pane'
import { renderSuggestion, type PendingView } from './suggestion'
import { WriteApi, type DocumentView } from './write-api'

export function mount(root: HTMLElement, route: ModeRoute): () => void {
  const layout = document.createElement('div')
  layout.className = 'write-layout'
  const suggestionSlot = document.createElement('div')
  suggestionSlot.className = 'write-suggestion-slot'
  let api: WriteApi | null = null
  let current: DocumentView | null = null
  let pending: PendingView | null = null
  let busy = false

  const chat = createChatPane(
    (message, mode) =>
      void send('/api/chat/message', { message, mode, attached_sections: chat.take() }, message),
  )
  const pane = createDocumentPane({
    onRestore: (version) =>
      void guard(async (a) => {
        await a.restore(version)
        await refresh(a)
        chat.say('status', `Restored version ${version} as a new version.`)
      }),
    onHighlight: (text) => chat.attach(text),
  })
  chat.root.append(suggestionSlot)
  layout.append(pane.root, chat.root)
  root.append(layout)

  async function refresh(a: WriteApi): Promise<void> {
    current = await a.document()
    pane.show(current)
    const { versions } = await a.versions()
    pane.showVersions(versions, current.version)
  }

  async function guard(work: (a: WriteApi) => Promise<void>): Promise<void> {
    if (!api || busy) return
    busy = true
    try {
      await work(api)
    } catch (error) {
      chat.say('error', error instanceof Error ? error.message : String(error))
    } finally {
      busy = false
    }
  }

  async function showPending(a: WriteApi): Promise<void> {
    if (!pending) return suggestionSlot.replaceChildren()
    const shown = pending
    const preview = await a.preview(shown.pending_id).catch(() => null)
    suggestionSlot.replaceChildren(
      renderSuggestion(shown, preview, current?.markdown ?? '', {
        approve: () =>
          void guard(async (x) => {
            const placed = await x.approve(
              shown.pending_id,
              // The deterministic placer decides the same again; a model's answer is kept as shown.
              preview?.placement.decided_by === 'model' ? preview.placement : undefined,
              preview?.document.base_version,
            )
            pending = null
            suggestionSlot.replaceChildren()
            chat.say(
              'status',
              `Placed (${placed.placement.action.replace(/_/g, ' ')}); version ${placed.document.version}.`,
            )
            await refresh(x)
          }),
        reject: () =>
          void guard(async (x) => {
            await x.reject(shown.pending_id)
            pending = null
            suggestionSlot.replaceChildren()
            chat.say('status', 'Suggestion rejected; the document is unchanged.')
          }),
        rewrite: () => void send('/api/chat/rewrite', {}, 'Rewrite the suggestion'),
      }),
    )
  }

  async function send(
    path: '/api/chat/message' | '/api/chat/rewrite',
    body: Record<string, unknown>,
    shown: string,
  ) {
    await guard(async (a) => {
      chat.say('user', shown)
      // The reply bubble opens on its first token, so status lines read in order above it.
      let reply: HTMLElement | null = null
      const stream = await a.stream(path, body)
      await readPackets(stream, (packet) => {
        if (packet.type === 'token') {
          reply ??= chat.say('assistant', '')
          reply.textContent += packet.text
        } else if (packet.type === 'status') chat.say('status', packet.message)
        else if (packet.type === 'error') chat.say('error', packet.message)
        else if (packet.type === 'pending_content') pending = { ...packet.content }
      })
      await showPending(a)
    })
  }

  void ensureSession()
    .then((session: SessionCredentials) => {
      api = new WriteApi(route.session ? { ...session, id: route.session } : session)
      return refresh(api)
    })
    .catch((error: unknown) => chat.say('error', String(error)))

  return () => layout.remove()
}
