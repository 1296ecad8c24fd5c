// What a section says when its data could not be loaded: an alert naming what failed, and a way
// to ask again (lists on My Profile, the service-and-place page).
import { secondaryButtonClass } from './styles';

export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-4 text-sm text-gray-800">
      {what} could not be loaded.{' '}
      <button type="button" className={secondaryButtonClass} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
