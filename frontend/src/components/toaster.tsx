import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from './toast';

export function AppToaster() {
  return <Toaster position="top-right" gutter={8} toastOptions={{ duration: TOAST_DURATION_MS }} />;
}
