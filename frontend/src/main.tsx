// The SPA's entry: global styles, the SWR cache and the router. Pages load lazily (routes.tsx).
// A declarative <BrowserRouter> rather than a data router: data comes through SWR hooks, not route
// loaders, and it keeps about 17 KB gzip of router code out of the entry bundle.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SwrProvider } from './api/swr-provider';
import { AppRoutes } from './routes';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <SwrProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SwrProvider>
  </StrictMode>,
);
