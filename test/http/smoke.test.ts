import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'

describe('smoke', () => {
  it('answers /health', async () => {
    const res = await app.request('/health', {}, env)
    expect(res.status).toBe(200)
    const count = await env.DB.prepare('select count(*) as n from chunks').first<{ n: number }>()
    expect(count?.n).toBe(0)
  })
})
