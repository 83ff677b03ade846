// Vite build of the embeddable widget: one self-contained IIFE, web/dist/widget.js, built
// after the app (whose build empties web/dist), so it must not empty the folder.
import path from 'node:path'
import { defineConfig } from 'vite'

const root = import.meta.dirname

export default defineConfig({
  root,
  publicDir: false,
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    lib: {
      entry: path.join(root, 'src/widget/main.ts'),
      name: 'QuireWidget',
      formats: ['iife'],
      fileName: () => 'widget.js',
    },
  },
})
