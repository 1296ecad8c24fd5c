// The contract between the API and the front end's server-render entry (frontend/src/server-render.tsx,
// built by Vite into dist/frontend/.vite/ssr/ and loaded by the API at run time:
// docs/decisions/0018-server-rendered-first-screen.md). The front end decides which API answers its
// first screen needs (its SWR keys, made by the same functions as its data hooks) and asks for them
// through `load`; the API answers them with the domain functions its routes call, renders, and puts
// the markup and those answers into the page. The browser starts its SWR cache with the same answers,
// so hydration finds the data the markup was made from and fetches nothing again.
// Zod-free and dependency-free: both the API and the SPA's entry chunk import it.

/** The id of the <script type="application/json"> element holding the answers (SWR key → data). */
export const FIRST_SCREEN_DATA_ID = 'itc-first-screen-data';

/** One API answer: its JSON body, and X-Total-Count for a list. */
export interface FirstScreenAnswer {
  body: unknown;
  total?: number;
}

/** Answers one GET of the public API (an SWR key such as '/api/professionals?…'); null for a 404. */
export type FirstScreenLoad = (apiPath: string) => Promise<FirstScreenAnswer | null>;

export interface FirstScreen {
  /** The markup of the page's first render, for inside <div id="root">. */
  html: string;
  /** SWR key → data, for the browser's SWR cache before it hydrates. */
  data: Record<string, unknown>;
}

/** What dist/frontend/.vite/ssr/server-render.js exports. */
export interface FirstScreenRenderer {
  /** The page's first screen with its data, or null for a page that is not server-rendered (or has no data). */
  renderFirstScreen(input: {
    pathname: string;
    search: string;
    load: FirstScreenLoad;
    /**
     * The request has no session cookie, so the visitor is signed out: the page renders (and the
     * browser's cache starts) as signed out. Otherwise the signed-in user is unknown and renders
     * as loading, as before; the browser asks.
     */
    isSignedOut?: boolean;
  }): Promise<FirstScreen | null>;
}
