import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url))

export default defineConfig({
  // The SDK's modal (parent-sdk/src/ui, from source here) is Preact: its files name their JSX runtime in a
  // pragma, and React Refresh must not take its components for React's.
  plugins: [react({ refreshExclude: /\/parent-sdk\/src\/ui\// })],
  // @keyframe/sdk from its sources (its `@keyframe/source` export condition), not its dist/.
  resolve: { conditions: ['@keyframe/source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    rolldownOptions: {
      input: { index: page('index.html'), vanilla: page('vanilla.html') },
      output: {
        // React in a chunk of its own, so the budget can count the SDK without it.
        codeSplitting: {
          groups: [{ name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
})
