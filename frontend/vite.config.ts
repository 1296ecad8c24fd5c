// Vite config for the React SPA. Root is frontend/; the build goes to <repo>/dist/frontend, which
// the Koa API serves in production. In development the dev server forwards the API and Bull Board
// to the API process on port 3000, so the SPA always talks to its own origin (cookies stay first-party).
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const frontendDir = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/frontend', import.meta.url));
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  root: frontendDir,
  plugins: [react(), tailwindcss()],
  build: {
    outDir,
    emptyOutDir: true,
    // Every page is lazy-loaded (src/routes.tsx), so the entry holds only the shell.
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/admin/queues': { target: apiTarget, changeOrigin: false },
    },
  },
});
