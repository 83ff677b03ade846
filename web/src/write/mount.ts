// The Write mode: the document pane beside the chat. A message streams stage 1; pending
// content appears as a suggestion with its placement previewed as a diff; Approve places it
// (the pane shows the new version), Reject / Rewrite ask again; versions restore. The route's
// session opens its document; without one, a session is made on the first message or save.
import { clearActionError, errorMessage, showActionError } from '../action-error'
import { ensureSession } from '../api'
import { showSessionInUrl } from '../app-events'
import { foreignSessionNotice } from '../foreign-session'
import type { ModeRoute } from '../mode-route'
import { openRouteSession, recordSession } from '../session-list'
import { loadSession } from '../session'
import { readPackets } from '../stream'
import { createChatPane } from './chat-pane'
import { createDocumentPane } from './document-pane'
import { restoreWriteSession } from './restore'
import { renderSuggestion, type PendingView } from './suggestion'
import { WriteApi, type DocumentView } from './write-api'
import './write.css'

export function mount(root: HTMLElement, route: ModeRoute): () => void {
  openRouteSession(route.session)
  const layout = document.createElement('div')
  layout.className = 'write-layout'
  const suggestionSlot = document.createElement('div')
  suggestionSlot.className = 'write-suggestion-slot'
  let api: WriteApi | null = null
  let current: DocumentView | null = null
  let pending: PendingView | null = null
  let busy = false
  let unmounted = false

  const chat = createChatPane(
    (message, mode) =>
      void send('/api/chat/message', { message, mode, attached_sections: chat.take() }, message),
  )
  const pane = createDocumentPane({
    onRestore: (version) =>
      void guard(
        async (a) => {
          await a.restore(version)
          await refresh(a)
          chat.say('status', `Restored version ${version} as a new version.`)
        },
        { anchor: () => pane.versions },
      ),
    onHighlight: (text) => chat.attach(text),
    onSave: async (markdown) => {
      const saved = await guard(
        async (a) => {
          const { version } = await a.save(markdown)
          await refresh(a)
          chat.say('status', `Saved your text as version ${version}.`)
        },
        { title: 'Your document', anchor: () => pane.toolbar },
      )
      // The editor stays open with the text when it was not stored.
      if (!saved) throw new Error('not saved')
    },
    onStyle: (style) =>
      void guard(async (a) => {
        await a.setStyle(style)
        await refresh(a)
      }),
    onExport: (format) =>
      void guard(
        async (a) => {
          const blob = await a.exported(format)
          const link = document.createElement('a')
          link.href = URL.createObjectURL(blob)
          link.download = format === 'bib' ? 'references.bib' : 'document.md'
          link.click()
          setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
        },
        { anchor: () => pane.toolbar },
      ),
  })
  // The suggestion sits above the composer, right after the reply that produced it.
  chat.root.insertBefore(suggestionSlot, chat.root.querySelector('.write-form'))
  layout.append(pane.root, chat.root)
  const title = document.createElement('h1')
  title.className = 'mode-title'
  title.textContent = 'Write with your sources'
  const lede = document.createElement('p')
  lede.className = 'mode-lede'
  lede.textContent =
    'Ask for a passage: it comes back as a suggestion with its sources. Approve it and Quire ' +
    'places it in your document without touching a word you wrote; every change is a version.'
  const foreign = foreignSessionNotice(route, {
    holds: 'document',
    next: 'Writing or saving here starts a new document.',
  })
  root.append(title, lede, ...(foreign ? [foreign] : []), layout)

  async function refresh(a: WriteApi): Promise<void> {
    const [doc, { versions }] = await Promise.all([a.document(), a.versions()])
    current = doc
    pane.show(doc)
    pane.showVersions(versions, doc.version)
    // Citations and References follow without holding the view: formatting the first
    // references can take the server a moment.
    void a
      .cited()
      .then((cited) => pane.showCited(cited, doc.version))
      .catch((error: unknown) =>
        chat.say('error', `References: ${error instanceof Error ? error.message : String(error)}`),
      )
  }

  /** The session's API, made (and put in the URL and session list) on first use. */
  async function sessionApi(title: string): Promise<WriteApi> {
    if (api) return api
    const session = await ensureSession()
    api = new WriteApi(session)
    if (!unmounted) showSessionInUrl('write', session.id)
    recordSession(session, 'write', title)
    return api
  }

  /**
   * One action at a time. Its failure shows next to the control that caused it (`anchor`), or
   * in the chat for a request; `title` names a session the action may make.
   */
  async function guard(
    work: (a: WriteApi) => Promise<void>,
    where: { title?: string; anchor?: () => Element | null } = {},
  ): Promise<boolean> {
    const { title, anchor } = where
    if (busy || (!api && title === undefined)) return false
    busy = true
    const at = anchor?.() ?? null
    if (at) clearActionError(at)
    try {
      await work(await sessionApi(title ?? ''))
      return true
    } catch (error) {
      if (at) showActionError(at, errorMessage(error))
      else chat.say('error', errorMessage(error))
      return false
    } finally {
      busy = false
    }
  }

  async function showPending(a: WriteApi): Promise<void> {
    if (!pending) return suggestionSlot.replaceChildren()
    const shown = pending
    const preview = await a.preview(shown.pending_id).catch(() => null)
    const actions = () => suggestionSlot.querySelector('.write-actions')
    suggestionSlot.replaceChildren(
      renderSuggestion(shown, preview, current?.markdown ?? '', {
        approve: () =>
          void guard(
            async (x) => {
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
                `Placed (${placed.placement.action.replace(/_/g, ' ')}); version ${placed.document.version}.${placed.unsourced ? ' It has no sources and cites nothing.' : ''}`,
              )
              await refresh(x)
            },
            { anchor: actions },
          ),
        reject: () =>
          void guard(
            async (x) => {
              await x.reject(shown.pending_id)
              pending = null
              suggestionSlot.replaceChildren()
              chat.say('status', 'Suggestion rejected; the document is unchanged.')
            },
            { anchor: actions },
          ),
        rewrite: () => void send('/api/chat/rewrite', {}, 'Rewrite the suggestion'),
      }),
    )
  }

  async function send(
    path: '/api/chat/message' | '/api/chat/rewrite',
    body: Record<string, unknown>,
    shown: string,
  ) {
    await guard(
      async (a) => {
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
      },
      { title: shown },
    )
  }

  const open = loadSession()
  if (route.session && open?.id === route.session) {
    // A reopened session: its document, its chat and the suggestion still awaiting approval.
    const reopened = new WriteApi(open)
    api = reopened
    void refresh(reopened)
      .then(() => restoreWriteSession(reopened, chat))
      .then((held) => {
        if (unmounted || !held || pending) return
        pending = held
        return showPending(reopened)
      })
      .catch((error: unknown) => chat.say('error', errorMessage(error)))
  } else {
    pane.show({ markdown: '', version: 0, structure: [] })
  }

  return () => {
    unmounted = true
    root.replaceChildren()
  }
}
