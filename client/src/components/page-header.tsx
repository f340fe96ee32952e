import type { ReactNode } from 'react';

/** Title row of a screen (its h1, which takes focus on in-app navigation), with optional actions on the right. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <div className="page-title-head d-flex align-items-center justify-content-between flex-wrap gap-2 py-3">
      <div>
        <h1 className="page-main-title fs-18 fw-semibold m-0" tabIndex={-1}>
          {title}
        </h1>
        {subtitle ? <p className="text-muted mb-0 small">{subtitle}</p> : null}
      </div>
      {children ? <div className="d-flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}
