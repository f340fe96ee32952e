// A menu entry's link: routes of the app navigate client-side, every other
// (demo) url is a plain link.
import type { ReactNode } from 'react';
import { AppLink } from '../../components/app-link';
import { isAppRoute } from './menu-data';

interface MenuLinkProps {
  url: string;
  className: string;
  active?: boolean;
  onClick?: () => void;
  children: ReactNode;
}

export default function MenuLink({ url, className, active, onClick, children }: MenuLinkProps) {
  const cls = active ? `${className} active` : className;
  const current = active ? ('page' as const) : undefined;
  if (isAppRoute(url)) {
    return (
      <AppLink to={url} className={cls} aria-current={current} onClick={onClick}>
        {children}
      </AppLink>
    );
  }
  return (
    <a href={url} className={cls} aria-current={current} onClick={onClick}>
      {children}
    </a>
  );
}
