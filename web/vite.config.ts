// Vite build of the UI: web/ is the root, web/public is copied as is (the demo corpus lives
// there), and the output goes to web/dist, which wrangler serves as static assets.
import path from 'node:path'
import { defineConfig } from 'vite'

const root = import.meta.dirname

export default defineConfig({
  root,
  publicDir: path.join(root, 'public'),
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // debate.html, papers.html and write.html only redirect old links to the shell's modes.
    rollupOptions: {
      input: {
        main: path.join(root, 'index.html'),
        debate: path.join(root, 'debate.html'),
        papers: path.join(root, 'papers.html'),
        write: path.join(root, 'write.html'),
      },
    },
  },
})
