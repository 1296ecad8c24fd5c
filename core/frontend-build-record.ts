// What the front-end build notes about itself beside its output (frontend/vite.config.ts writes
// it at the end of a build), so that a start can tell a production build from a development one
// and rebuild the wrong kind (scripts/lib/build.ts). File times alone cannot: a development build
// made after the last change to the sources looks as current as a production one.

/** Relative to the build's folder (dist/frontend); under .vite/, which is never served. */
export const FRONTEND_BUILD_RECORD = '.vite/build-mode.json';

export interface FrontendBuildRecord {
  /** Vite's mode: 'production' for `vite build`, else what `--mode` said. */
  mode: string;
  /** Whether NODE_ENV was production (Vite's isProduction): React's production build, import.meta.env.PROD. */
  isProduction: boolean;
}
