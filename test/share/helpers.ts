// Requests to the app for the share tests, with an optional session token.
import { env } from 'cloudflare:test'
import { app } from '../../workers/app'

export function request(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
  return Promise.resolve(app.request(path, { ...init, headers }, env))
}
