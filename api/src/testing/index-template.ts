// A small index.html shaped like the SPA's built one (frontend/index.html after vite build), for
// tests of what the server writes into a page's head.
export function indexTemplate({ description = 'The default description.', script = true } = {}): string {
  return `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <title>ITConnect – Find trusted IT professionals in the UK</title>
    <meta
      name="description"
      content="${description}"
    />${script ? '\n    <script type="module" src="/assets/index.js"></script>' : ''}
  </head>
  <body><div id="root"></div></body>
</html>`;
}
