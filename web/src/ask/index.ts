// The Ask mode's view, mounted by the shell.
export { mountAsk as mount } from './ask-view'
