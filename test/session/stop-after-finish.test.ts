// A stop that lands after the run's text was complete cuts nothing: the done packet and the
// run's status say so only when the runner's outcome does not deny it (`stopped: false`).
import { describe, expect, it } from 'vitest'
import { closingPackets } from '../../workers/session/run-settlement'

const soFar = { turnIndex: 2, text: 'All of it.' }

describe('closing packets after a stop', () => {
  it.each([
    { outcome: { answer: 'All of it.', stopped: false }, stopped: false, status: 'done' },
    { outcome: { answer: 'All', stopped: true }, stopped: true, status: 'stopped' },
    { outcome: { answer: 'All' }, stopped: true, status: 'stopped' },
  ])('labels $outcome stopped: $stopped', ({ outcome, stopped, status }) => {
    const closing = closingPackets({ kind: 'returned', outcome }, true, soFar)
    expect(closing.status).toBe(status)
    const done = closing.packets.at(-1)
    expect(done).toMatchObject({ type: 'done', turn_index: 2 })
    expect(done?.type === 'done' && done.stopped === true).toBe(stopped)
  })

  it('never labels a run that was not stopped', () => {
    const closing = closingPackets({ kind: 'returned', outcome: { answer: 'x' } }, false, soFar)
    expect(closing).toMatchObject({ status: 'done', packets: [{ type: 'done' }] })
    expect(closing.packets[0]).not.toHaveProperty('stopped')
  })
})
