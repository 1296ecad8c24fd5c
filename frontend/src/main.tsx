// The SPA's entry: global styles, the SWR cache and the router. Pages load lazily (routes.tsx).
// A declarative <BrowserRouter> rather than a data router: data comes through SWR hooks, not route
// loaders, and it keeps about 17 KB gzip of router code out of the entry bundle.
// The first render waits for the current page's chunk (preloaded by index.html, so usually already
// here): the first paint is then the page, not a loading skeleton that the page replaces. The
// pages the server sends prerendered (src/prerender.tsx, api/src/spa/page-preloads.ts) are
// hydrated instead: their markup stays, nothing moves (LCP and CLS budget, docs/performance.md), and
// what the visitor typed before the scripts arrived is kept. Hydration needs the first render to
// match that markup: hooks that read the browser take a server snapshot (useSyncExternalStore).
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SwrProvider } from './api/swr-provider';
import { AppRoutes, preloadPage } from './routes';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');
const root = container;

function render(): void {
  const app = (
    <StrictMode>
      <SwrProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SwrProvider>
    </StrictMode>
  );
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

// A chunk that fails to load here fails again inside the page's error boundary, which says so.
preloadPage(window.location.pathname).then(render, render);
