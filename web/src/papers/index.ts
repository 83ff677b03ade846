// The Papers mode (seed 004): Paper Brain search, loading, uploads and chat with page citations.
export { mount } from './mount'
