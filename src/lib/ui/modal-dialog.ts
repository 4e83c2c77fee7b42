import { useEffect, useRef } from 'react';

/**
 * A native <dialog> shown modal while the component is mounted: focus moves into it, Escape is
 * the caller's `onCancel`, and on close focus goes back to what had it before (the opening button).
 */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    element.showModal();
    return () => {
      element.close();
      opener?.focus();
    };
  }, []);
  return dialog;
}
