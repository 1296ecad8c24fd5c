import toast, { type Toast } from 'react-hot-toast';

export type ToastVariant = 'default' | 'destructive';

interface ToastViewProps {
  toast: Toast;
  title: string;
  description: string | undefined;
  variant: ToastVariant;
}

export function ToastView({ toast: t, title, description, variant }: ToastViewProps) {
  const isDestructive = variant === 'destructive';
  return (
    <div
      role={isDestructive ? 'alert' : 'status'}
      aria-live={isDestructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      className={[
        'flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg transition-opacity duration-200',
        t.visible ? 'opacity-100' : 'opacity-0',
        isDestructive ? 'border-red-800 bg-red-700 text-white' : 'border-gray-200 bg-white text-gray-900',
      ].join(' ')}
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{title}</p>
        {description ? (
          <p className={`mt-1 text-sm ${isDestructive ? 'text-white' : 'text-gray-700'}`}>{description}</p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => toast.dismiss(t.id)}
        className={`-m-1 rounded p-1 ${isDestructive ? 'text-white hover:bg-red-800' : 'text-gray-600 hover:bg-gray-100'}`}
        aria-label="Dismiss notification"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M5.3 4.3a1 1 0 0 0-1.4 1.4L8.6 10l-4.7 4.3a1 1 0 1 0 1.4 1.4L10 11.4l4.3 4.3a1 1 0 0 0 1.4-1.4L11.4 10l4.3-4.3a1 1 0 0 0-1.4-1.4L10 8.6 5.3 4.3Z" />
        </svg>
      </button>
    </div>
  );
}
