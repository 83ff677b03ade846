// The Debate mode's view, mounted by the shell.
export { mountDebate as mount } from './debate-page'
