// The Papers mode's standalone entry (papers.html) until the app shell mounts modes itself.
import { mount } from './papers'

const root = document.getElementById('papers-root')
if (root) mount(root, { params: new URLSearchParams(location.search) })
