// The spec's not-found state. The server also answers such an address with status 404.
import { useNavigate } from 'react-router-dom';
import { displayHeadingClass, largePrimaryButtonClass, pageWidthClass } from '../../components/styles';

/** True when the browser history has an earlier entry inside this app (React Router's idx). */
function hasHistoryInApp(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export function ProfessionalNotFound() {
  const navigate = useNavigate();
  return (
    <div className={`${pageWidthClass} flex flex-col items-center py-24 text-center`}>
      <h1 className={displayHeadingClass}>Professional Not Found</h1>
      <p className="mt-4 text-gray-700">The professional you're looking for doesn't exist or has been removed.</p>
      <button
        type="button"
        onClick={() => void (hasHistoryInApp() ? navigate(-1) : navigate('/'))}
        className={`${largePrimaryButtonClass} mt-8`}
      >
        Go Back
      </button>
    </div>
  );
}
