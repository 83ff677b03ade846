// Lets Node import the debate: the session folder's index exports SessionDO, which extends
// `DurableObject` from workerd's built-in `cloudflare:workers`. This module hook answers that
// one specifier with a stand-in class; nothing in the eval constructs a SessionDO.
import { register } from 'node:module'

const STAND_IN = `export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env } }`

const HOOKS = `
export async function resolve(specifier, context, next) {
  if (specifier === 'cloudflare:workers') {
    return { url: 'data:text/javascript,' + encodeURIComponent(${JSON.stringify(STAND_IN)}), shortCircuit: true }
  }
  return next(specifier, context)
}`

let registered = false

/** Call before importing any module that reaches workers/session (use a dynamic import). */
export function allowWorkerdImports(): void {
  if (registered) return
  registered = true
  register(`data:text/javascript,${encodeURIComponent(HOOKS)}`)
}
