// The session capability: SessionDO, its runner registry, route-side helpers and routes.
export * from './run-types'
export { SessionDO } from './session-do'
export { registerRunner, findRunner, unregisterRunner, type RegisteredRunner } from './runners'
export { openSession, openAuthorizedSession, type SessionStub } from './open-session'
export {
  defineOperation,
  findOperation,
  unregisterOperation,
  type OperationContext,
  type OperationResult,
  type SessionOperation,
} from './operations'
export { callOperation } from './call-operation'
export {
  runToResponse,
  startFailure,
  type RunResponseFormat,
  type RunResponseOptions,
} from './run-response'
export type {
  AuthorizeResult,
  JsonValue,
  MessageView,
  SessionDescription,
  StartRunResult,
  StatusPacket,
} from './rpc-schemas'
export { sessionRoutes, sessionIdParamSchema } from './routes'
export { STOP_GRACE_MS } from './run-settlement'
