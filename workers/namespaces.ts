// Who owns which part of the knowledge base. Every chunk, document and source row lives in one
// namespace: the public library (key-holding ingestion, signed webhooks, the demo seeding), the
// scholarly cache (arXiv and Crossref records fetched by debates), an operator's own
// namespace (key-holding ingestion), or one session's private material. Only the last kind
// has an owner; its name says which session: `<material>:<session id>`. Names are one case:
// every boundary parses a namespace through sharedNamespaceSchema(), which lower-cases it.
import { z } from 'zod'

/** The public library: what /api/ask, /v1, the widget and MCP answer from by default. */
export const LIBRARY_NAMESPACE = 'corpus'

/** Shared arXiv and Crossref records that anonymous work fetched: trusted metadata, not the library. */
export const SCHOLARLY_NAMESPACE = 'scholarly'

/**
 * Names a key holder (or the configuration) may give a shared namespace. No ':' fits, so no
 * ingest job can write into a session's namespace.
 */
export const SHARED_NAMESPACE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/i

/**
 * A shared namespace as every boundary (HTTP, MCP, configuration) parses it: trimmed and
 * lower-cased, so "CORPUS" and "corpus" are one namespace, then checked against the pattern.
 */
export function sharedNamespaceSchema(
  message = 'a shared namespace: letters, digits, - and _ (1-64 characters)',
) {
  return z.string().trim().toLowerCase().regex(SHARED_NAMESPACE_PATTERN, message)
}

/** What a session keeps privately in the index. */
export const SESSION_MATERIALS = ['papers', 'project', 'debate', 'writing'] as const
export type SessionMaterial = (typeof SESSION_MATERIALS)[number]

export function sessionNamespace(material: SessionMaterial, sessionId: string): string {
  return `${material}:${sessionId}`
}

/** Every private namespace a session can own: what erasing it clears. */
export function sessionNamespaces(sessionId: string): string[] {
  return SESSION_MATERIALS.map((material) => sessionNamespace(material, sessionId))
}

/** Shared namespaces are open to every reader; any other name is private to its owner. */
export function isSharedNamespace(namespace: string): boolean {
  return SHARED_NAMESPACE_PATTERN.test(namespace)
}

/** The session owning a private namespace (`<material>:<session>`), or null (shared, or none). */
export function namespaceOwner(namespace: string): string | null {
  if (isSharedNamespace(namespace)) return null
  const session = namespace.slice(namespace.indexOf(':') + 1)
  return namespace.includes(':') && session ? session : null
}
