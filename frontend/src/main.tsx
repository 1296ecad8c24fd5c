// The SPA's entry: global styles, the SWR cache and the router. Pages load lazily (routes.tsx).
// A declarative <BrowserRouter> rather than a data router: data comes through SWR hooks, not route
// loaders, and it keeps about 17 KB gzip of router code out of the entry bundle.
// The first render waits for the current page's chunk (preloaded by index.html, so usually already
// here): the first paint is then the page, not a loading skeleton that the page replaces. The
// pages the server sends prerendered (src/prerender.tsx, api/src/spa/page-preloads.ts) are
// hydrated instead: their markup stays, nothing moves (LCP and CLS budget, docs/performance.md), and
// what the visitor typed before the scripts arrived is kept. Hydration needs the first render to
// match that markup: hooks that read the browser take a server snapshot (useSyncExternalStore).
// The directory and profiles are rendered by the server per request, with their data
// (src/server-render.tsx): the answers they were made from come with the page and go into SWR's
// cache before hydration (SwrProvider, api/first-screen-data.ts), so the hooks find them and fetch nothing.
// Maintenance (spec section 4 "App start", product rule 12): the directory list is probed in
// parallel with that chunk; 503 or a network error shows the gate instead of the site. The first
// render waits for the probe at most PROBE_WAIT_MS (a slow answer must not hold the site back);
// a later answer still switches to the gate.
// Errors nothing else catches (uncaught, rejected promises) are reported from the start
// (api/error-reporting.ts, product rule 37); the error boundaries report their own.
// The first render runs as a transition (decision 0031): React renders it in slices and the
// browser answers input between them, so a phone is never frozen while the page hydrates. A click
// on a part not yet hydrated makes React hydrate it at once and replay the click.
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { reportUncaughtErrors } from './api/error-reporting';
import { readFirstScreenData } from './api/first-screen-data';
import { probeMaintenance } from './api/maintenance';
import { SwrProvider } from './api/swr-provider';
import { markReactAttached } from './components/early-clicks';
import { isMaintenanceGateShown, setMaintenanceGate } from './components/maintenance/maintenance-state';
import { AppRoutes, preloadPage } from './routes';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');
const root = container;

const PROBE_WAIT_MS = 3000;

reportUncaughtErrors();

const firstScreenData = readFirstScreenData();

function render(isGateShown: boolean): void {
  const app = (
    <StrictMode>
      <SwrProvider firstScreenData={firstScreenData}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SwrProvider>
    </StrictMode>
  );
  // Prerendered markup is a page of the site: the gate replaces it rather than hydrating it.
  startTransition(() => {
    if (root.hasChildNodes() && !isGateShown) hydrateRoot(root, app);
    else {
      root.replaceChildren();
      createRoot(root).render(app);
    }
  });
  // React now takes every click; the head's inline script stops catching them (decision 0031).
  markReactAttached();
}

const probe = probeMaintenance().then(setMaintenanceGate);
const probeOrTimeout = Promise.race([probe, new Promise<void>((resolve) => window.setTimeout(resolve, PROBE_WAIT_MS))]);
// A chunk that fails to load here fails again inside the page's error boundary, which says so.
const pageReady = preloadPage(window.location.pathname).catch(() => undefined);
void Promise.all([probeOrTimeout, pageReady]).then(() => render(isMaintenanceGateShown()));
