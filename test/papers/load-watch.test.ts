// The streamed load's bounds, against a scripted paper store: after the timeout it says loading
// continues in the background and ends with `done`; a cancelled stream stops polling.
import { describe, expect, it, vi } from 'vitest'
import { loadProgressStream } from '../../workers/papers/load-stream'
import type { PaperRecord } from '../../workers/papers/paper-store'
import type { Packet } from '../../workers/stream'

const queued: PaperRecord = {
  id: 'arxiv:1234.5678',
  title: 'A paper',
  status: 'queued',
  pages: 0,
  pdf_url: 'https://arxiv.org/pdf/1234.5678',
  arxiv_id: '1234.5678',
  stored: false,
}

async function drain(stream: ReadableStream<Packet>): Promise<Packet[]> {
  const packets: Packet[] = []
  for await (const packet of stream) packets.push(packet)
  return packets
}

function streamOf(read: () => Promise<PaperRecord[]>, signal = new AbortController().signal) {
  return loadProgressStream({
    queued: { papers: [queued], jobs: [] },
    sessionId: 'session-1',
    read,
    signal,
    now: () => Date.now(),
    intervalMs: 5,
    timeoutMs: 60,
  })
}

describe('streamed load bounds', () => {
  it('says loading continues in the background after the timeout, then ends with the records', async () => {
    const packets = await drain(streamOf(async () => [{ ...queued, status: 'loading' }]))
    const statuses = packets.flatMap((p) => (p.type === 'status' ? [p.message] : []))
    expect(statuses[0]).toBe('A paper: queued')
    expect(statuses[1]).toBe('A paper: loading')
    expect(statuses.at(-1)).toMatch(/still loading .* continues in the background/)
    const done = packets.at(-1)
    expect(done).toMatchObject({ type: 'done', result: { settled: false } })
  })

  it('stops polling the store once the client cancels the stream', async () => {
    vi.useFakeTimers()
    try {
      let reads = 0
      const stream = streamOf(async () => {
        reads += 1
        return [queued]
      })
      const reader = stream.getReader()
      expect((await reader.read()).value).toMatchObject({ message: 'A paper: queued' })
      await vi.advanceTimersByTimeAsync(12)
      expect(reads).toBeGreaterThan(0)
      await reader.cancel()
      const atCancel = reads
      // Far past more intervals and the timeout: no read after the cancel.
      await vi.advanceTimersByTimeAsync(1_000)
      expect(reads).toBe(atCancel)
    } finally {
      vi.useRealTimers()
    }
  })

  it('stops polling when the request is aborted', async () => {
    const abort = new AbortController()
    let reads = 0
    const stream = streamOf(async () => {
      reads += 1
      if (reads === 2) abort.abort()
      return [queued]
    }, abort.signal)
    const packets = await drain(stream)
    expect(reads).toBe(2)
    expect(packets.some((p) => p.type === 'done')).toBe(false)
  })

  it('reports a store that cannot be read as an error, then done with the queued records', async () => {
    const packets = await drain(
      streamOf(async () => {
        throw new Error('session unreachable')
      }),
    )
    expect(packets.at(-2)).toMatchObject({ type: 'error', code: 'internal' })
    expect(packets.at(-1)).toMatchObject({
      type: 'done',
      result: { papers: [queued], settled: false },
    })
  })
})
