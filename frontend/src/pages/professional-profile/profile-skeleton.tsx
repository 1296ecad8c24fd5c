import { pageWidthClass } from '../../components/styles';

/**
 * The profile's shape while it loads: header band and the cards' grid (keeps layout shift low).
 * At least a screen tall, so the footer is not in view while the profile loads and then pushed
 * down by it (CLS budget, docs/performance.md).
 */
export function ProfileSkeleton() {
  return (
    <div className="min-h-screen bg-gray-50" role="status">
      <span className="sr-only">Loading profile…</span>
      <div aria-hidden="true" className="border-b border-gray-200 bg-white">
        <div className={`${pageWidthClass} animate-pulse py-10`}>
          <div className="h-5 w-40 rounded bg-gray-200" />
          <div className="mt-4 h-9 w-2/3 max-w-lg rounded bg-gray-200" />
          <div className="mt-4 h-5 w-48 rounded bg-gray-200" />
          <div className="mt-4 flex gap-2">
            <div className="h-6 w-24 rounded-full bg-gray-200" />
            <div className="h-6 w-28 rounded-full bg-gray-200" />
          </div>
        </div>
      </div>
      <div aria-hidden="true" className={`${pageWidthClass} grid animate-pulse gap-6 py-10 lg:grid-cols-3`}>
        <div className="h-64 rounded-lg bg-gray-200 lg:col-span-2" />
        <div className="h-64 rounded-lg bg-gray-200" />
      </div>
    </div>
  );
}
