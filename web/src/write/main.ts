// Standalone entry of the Write mode (web/write.html) until the app shell mounts it.
import { mount } from './index'

const root = document.getElementById('write-root')
if (root) mount(root, { params: new URLSearchParams(location.search) })
