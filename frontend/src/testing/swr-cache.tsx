// SWR's global cache (the one the app's hooks, SwrProvider in the browser and the global `mutate`
// use), reached through SWR's public API: useSWRConfig outside any SWRConfig, rendered once.
import { renderToStaticMarkup } from 'react-dom/server';
import { useSWRConfig, type Cache } from 'swr';

export function globalSwrCache(): Cache {
  let cache: Cache | undefined;
  function ReadCache() {
    cache = useSWRConfig().cache;
    return null;
  }
  renderToStaticMarkup(<ReadCache />);
  if (!cache) throw new Error('useSWRConfig gave no cache');
  return cache;
}
