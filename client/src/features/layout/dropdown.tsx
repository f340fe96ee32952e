// A small dropdown (no Bootstrap JS): a toggle and a menu that closes on an
// outside click, on Escape, and when one of its links is chosen.
import { useRef, useState, type ReactNode } from 'react';
import { useDismiss } from './use-dismiss';

interface DropdownProps {
  /** Content of the toggle button. */
  toggle: ReactNode;
  /** The toggle's accessible name when its content has no text; when it has, the name must contain that text (WCAG 2.5.3). */
  toggleLabel?: string;
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

  useDismiss(open, () => setOpen(false), ref);

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
