// The Write mode's view (issue 10): mount(root, route) returns an unmount function.
export { mount } from './mount'
