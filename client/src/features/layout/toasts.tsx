// Toast notifications (docs/behaviour.md#toasts).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Slide, ToastContainer } from 'react-toastify/unstyled';

/** Delay of the container and of toasts other than the titled one. */
export const DEFAULT_TOAST_DELAY = 5000;
export const TITLED_TOAST_DELAY = 2000;

const CONTAINER_STYLE = { marginTop: '54px' } as const;

/**
 * The app's single toast container: top-right, light, 5 s, progress bar,
 * slide, close button, pause on hover and focus loss, swipe 80% horizontally,
 * Alt+T focuses it (react-toastify's own hot key; Escape resumes; its name
 * says so in Portuguese), no limit.
 * The 12 px gap between toasts is in styles/toasts.css.
 */
export function AppToastContainer() {
  return (
    <ToastContainer
      position="top-right"
      style={CONTAINER_STYLE}
      theme="light"
      autoClose={DEFAULT_TOAST_DELAY}
      hideProgressBar={false}
      transition={Slide}
      closeButton
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      draggableDirection="x"
      hotKeys={(e) => e.altKey && e.code === 'KeyT'}
      aria-label="Notificações (Alt+T)"
    />
  );
}

export type ToastVariant = 'light' | 'dark' | 'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info';

/** Variants whose background needs white text. */
const WHITE_TEXT: readonly ToastVariant[] = ['dark', 'danger', 'success', 'primary'];

export function titledToastTextClass(variant: ToastVariant): string {
  return WHITE_TEXT.includes(variant) ? 'text-white' : '';
}

export interface TitledToastProps {
  title: ReactNode;
  message: ReactNode;
  variant?: ToastVariant;
  delay?: number;
  onClose?: () => void;
}

/** A title-and-message toast that hides itself after `delay` ms. */
export function TitledToast({ title, message, variant = 'light', delay = TITLED_TOAST_DELAY, onClose }: TitledToastProps) {
  const [show, setShow] = useState(true);
  // A ref, so a parent re-render with a new callback does not restart the timer.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const timer = setTimeout(() => {
      setShow(false);
      onCloseRef.current?.();
    }, delay);
    return () => clearTimeout(timer);
  }, [delay]);
  if (!show) return null;
  const textClass = titledToastTextClass(variant);
  return (
    <div className={`toast show titled-toast bg-${variant} ${textClass}`} role="status" aria-live="polite" aria-atomic="true">
      <div className={`toast-header bg-${variant} ${textClass}`}>
        <strong className="me-auto">{title}</strong>
        <button
          type="button"
          className={`btn-close${textClass ? ' btn-close-white' : ''}`}
          aria-label="Fechar"
          onClick={() => {
            setShow(false);
            onClose?.();
          }}
        />
      </div>
      <div className="toast-body">{message}</div>
    </div>
  );
}
