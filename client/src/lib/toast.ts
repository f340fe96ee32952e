import type { ToastContent, ToastOptions } from 'react-toastify/unstyled';

/**
 * react-toastify's `toast`, loaded on first use. Its one module also holds
 * the container (about 5 KB brotli), so a static import would put it in the
 * JavaScript every page waits for before hydrating; toasts only follow
 * something the user did, and the container loads after hydration anyway
 * (features/layout/lazy-parts.ts). A toast raised before the container
 * mounts waits in react-toastify's queue.
 */
const load = () => import('./toastify');

type Kind = 'success' | 'error' | 'warn' | 'info';
type Show = (content: ToastContent, options?: ToastOptions) => void;

const show =
  (kind: Kind): Show =>
  (content, options) => {
    void load().then(({ toast }) => toast[kind](content, options));
  };

export const toast = { success: show('success'), error: show('error'), warn: show('warn'), info: show('info') };
