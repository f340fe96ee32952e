// A small dropdown (no Bootstrap JS): a toggle and a menu that closes on an
// outside click, on Escape, and when one of its links is chosen.
import { useEffect, useRef, useState, type ReactNode } from 'react';

interface DropdownProps {
  /** Content of the toggle button. */
  toggle: ReactNode;
  toggleLabel: string;
  toggleClassName?: string;
  menuClassName?: string;
  className?: string;
  /** Extra attribute for tests and CSS hooks. */
  name?: string;
  children: ReactNode;
}

export default function Dropdown({ toggle, toggleLabel, toggleClassName = 'topbar-link', menuClassName = '', className = '', name, children }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={`dropdown ${className}`} ref={ref} data-dropdown={name}>
      <button
        type="button"
        className={toggleClassName}
        aria-label={toggleLabel}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {toggle}
      </button>
      {open && (
        <div
          className={`dropdown-menu show ${menuClassName}`}
          data-bs-popper="static"
          onClick={(e) => {
            if ((e.target as HTMLElement).closest('a')) setOpen(false);
          }}
        >
          {children}
        </div>
      )}
    </div>
  );
}
