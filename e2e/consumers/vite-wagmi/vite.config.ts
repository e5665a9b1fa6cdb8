import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  build: {
    rolldownOptions: {
      // The app, and a page without React that only creates Keyframe: what the SDK alone costs a page.
      input: { index: 'index.html', budget: 'budget.html' },
    },
  },
})
