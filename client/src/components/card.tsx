import type { ReactNode } from 'react';

interface CardProps {
  title: ReactNode;
  /** Shown at the right of the title (a link or a button). */
  actions?: ReactNode;
  /** Classes added to `card` (e.g. `h-100`). */
  className?: string;
  /** Classes of the body; `false` puts the children straight in the card (a list group). */
  body?: string | false;
  children: ReactNode;
}

/** A Bootstrap card with a titled header. */
export function Card({ title, actions, className, body = 'card-body', children }: CardProps) {
  return (
    <div className={className ? `card ${className}` : 'card'}>
      <div className={actions ? 'card-header d-flex align-items-center justify-content-between' : 'card-header'}>
        <h2 className="card-title h6 mb-0">{title}</h2>
        {actions}
      </div>
      {body === false ? children : <div className={body}>{children}</div>}
    </div>
  );
}
