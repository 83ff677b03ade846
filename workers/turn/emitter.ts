// The emitter: lower levels hand packets to it instead of yielding them up the call stack.
// It only forwards; once the turn is over it is closed so abandoned work cannot leak packets.
import type { Packet } from '../stream'

export class Emitter {
  private isOpen = true

  constructor(private readonly sink: (packet: Packet) => void) {}

  emit(packet: Packet): void {
    if (this.isOpen) this.sink(packet)
  }

  close(): void {
    this.isOpen = false
  }
}

/** Hands out turn_index values: one per rendered block (reasoning, answer, each tool call). */
export class BlockCounter {
  private last = -1

  open(): number {
    this.last += 1
    return this.last
  }
}
