// The build's release (git short commit, else package.json's version), defined by vite.config.ts;
// absent in tests and the server-render build (error-reporting.ts falls back to 'dev').
declare const __ITC_RELEASE__: string | undefined;
