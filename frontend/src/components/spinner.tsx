// A spinning ring with its message, for a page that waits on a call it cannot show a skeleton for
// (/subscribe while the payment form is prepared, /application-success while the payment is
// verified). The message is a polite status, so screen readers hear it too.
export function Spinner({ message }: { message: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-12 text-center">
      <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-blue-200 border-t-blue-700 motion-reduce:animate-none" />
      <p className="text-gray-700">{message}</p>
    </div>
  );
}
