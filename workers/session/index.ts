// The session capability: SessionDO, its runs and operations registries, and the stub type.
// It knows nothing of HTTP: http/ relays runs and guards sessions with their tokens.
export * from './run-types'
export { SessionDO, type EraseResult } from './session-do'
export {
  listErasureSteps,
  registerErasureSteps,
  type ErasureContext,
  type ErasureStep,
} from './erasure-registry'
export type { ErasureCounts, ErasureOutcome } from './erasure-run'
export { registerRunner, findRunner, unregisterRunner, type RegisteredRunner } from './runners'
export { openSession, type SessionStub } from './open-session'
export {
  defineOperation,
  findOperation,
  unregisterOperation,
  type OperationContext,
  type OperationResult,
  type SessionOperation,
} from './operations'
export type {
  AuthorizeResult,
  JsonValue,
  MessageView,
  SessionDescription,
  StartRunResult,
  StatusPacket,
  StopResult,
} from './rpc-schemas'
export { STOP_GRACE_MS } from './run-settlement'
