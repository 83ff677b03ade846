// The turn specification: how a capability shapes the engine without forking it — the
// persona, the tools, what the model produces (streamed text or JSON), and what becomes of
// the answer. A capability can also run several persona steps in one run (a debate).
import type { z } from 'zod'
import type { TokenUsage } from '../llm'
import type { RunOutcome } from '../session'
import type { SourceRef } from '../stream'
import type { PreparedTurn } from './process'
import type { TurnTool } from './tools/types'

/** What the model produces: text streamed as tokens, or JSON parsed by the repair chain. */
export type TurnOutput =
  | { kind: 'text' }
  | {
      kind: 'json'
      /** Parses the reply (strict, then repaired, then extracted: llm/model-json). */
      schema: z.ZodType<unknown>
      /** Sent as the response format where the provider supports it. */
      jsonSchema: { name: string; schema: Record<string, unknown> }
    }

/** One inference loop (cycles of tool calls until the model answers) under one persona. */
export interface StepSpec {
  /** The base system prompt for the step; the session's own system prompt still wins. */
  persona?: string
  /** Default: text. JSON answers stream no tokens; the hook decides what to show. */
  output?: TurnOutput
  /** Default: the turn's tools. */
  tools?: readonly TurnTool[]
  /** A user-role instruction placed after the earlier steps, e.g. "Review the proposal above." */
  instruction?: string
  /** Caps the reply's length (the provider's max_tokens); default: the provider's own limit. */
  maxTokens?: number
  /**
   * A word the model replies with, alone or opening its reply, when nothing it was given
   * addresses the request (the grounding core's sentinel): none of that reply is shown, and
   * the answer is `declined`. Text output only.
   */
  declinesWith?: string
  /** Offline (no model) answer for this step; default: the extractive corpus answer (text only). */
  offline?: (turn: PreparedTurn, step: StepSpec) => Promise<TurnAnswer>
  /**
   * Answer without the model though one is configured, because it failed in this run (the
   * reason labels the answer): with `offline`, or the extractive corpus answer.
   */
  withoutModel?: { reason: string }
  /**
   * Failures this accepts come back in the answer's `error` with no error packet and no error
   * on the turn: the capability falls back (a degraded answer) and reports it itself. `shown`:
   * whether the step had streamed any answer text before it failed.
   * Default: every failure is reported as an error packet.
   */
  recoverable?: (error: StepError, progress: { shown: boolean }) => boolean
}

/** A failed step: the error's code and message, and why the model failed in a few words. */
export interface StepError {
  code: string
  message: string
  /** 'timeout', 'model unreachable', 'model error', 'quota', 'unexpected error'. */
  reason: string
}

/** A finished step, as hooks see it. */
export interface TurnAnswer {
  /** The text the step produced (the raw reply in JSON mode). */
  text: string
  /** The parsed reply in JSON mode: null when it could not be parsed; undefined in text mode. */
  value?: unknown
  /** Sources the text cites, by the number used in it. */
  citations: SourceRef[]
  stopped: boolean
  /** The model declined (StepSpec.declinesWith): nothing of its reply was shown. */
  declined?: boolean
  error?: StepError
  /** Tokens the provider reported for the step's inferences; absent when it reported none. */
  usage?: TokenUsage
}

/** Runs one step of the turn under `step`, on the same history, emitter and state. */
export type StepRunner = (step: StepSpec) => Promise<TurnAnswer>

export interface TurnSpec extends StepSpec {
  /** Tools this kind of turn may offer; the request can only narrow them. Default: built-ins. */
  tools?: readonly TurnTool[]
  /** Store the user's message in the chat history (default true). */
  saveUserMessage?: boolean
  /**
   * What becomes of the answer. Default: saved as the chat's assistant message. A hook that
   * returns without saving keeps the answer out of the chat (e.g. pending document content).
   */
  onAnswer?: (answer: TurnAnswer, turn: PreparedTurn) => RunOutcome | Promise<RunOutcome>
  /** Orchestrates several steps in one run (personas alternating); replaces the single step. */
  orchestrate?: (turn: PreparedTurn, runStep: StepRunner) => Promise<RunOutcome>
}
