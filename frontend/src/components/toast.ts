// Notifications (spec section 4): one toast visible at a time; a new one replaces the current one
// (every toast shares one id, so react-hot-toast updates it in place and restarts its timer);
// shown for 5 s unless dismissed. Rendered by <AppToaster /> (toaster.tsx).
import { createElement } from 'react';
import toast from 'react-hot-toast';
import { ToastView, type ToastVariant } from './toast-view';

export type { ToastVariant };

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export const TOAST_ID = 'itc-toast';
export const TOAST_DURATION_MS = 5000;

export function showToast({ title, description, variant = 'default' }: ToastInput): string {
  return toast.custom((t) => createElement(ToastView, { toast: t, title, description, variant }), {
    id: TOAST_ID,
    duration: TOAST_DURATION_MS,
  });
}

export function dismissToast(): void {
  toast.dismiss(TOAST_ID);
}
