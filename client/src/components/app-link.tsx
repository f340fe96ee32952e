// The app's internal links: a plain <a href>; a plain left click navigates
// inside the app, any other (a modifier key, the middle button, a target) is
// left to the browser, and so is every click before the script has run.
//
// Hand-written instead of react-router's <Link>: Link resolves its path on
// every render (useResolvedPath, useHref and useNavigate: the route matches
// serialised, the path parsed and joined), about a fifth of the server's
// render of /clients in QuickJS (bench/README.md, "Render less"). Our links'
// paths are absolute, so the href is the path as given, and the router's
// navigate comes once for all links from <LinkNavigation> (in the App).
import { createContext, useCallback, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { createPath, useLocation, useNavigate } from 'react-router';

type Go = (to: string, state: unknown, replace: boolean | undefined) => void;

const GoContext = createContext<Go | null>(null);

/** Gives the links below it the router's navigation (once, not per link). */
export function LinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const here = createPath(useLocation());
  // As react-router's Link: a link to where the user already is replaces
  // the history entry instead of adding one.
  const go = useCallback<Go>((to, state, replace) => void navigate(to, { state, replace: replace ?? to === here }), [navigate, here]);
  return <GoContext.Provider value={go}>{children}</GoContext.Provider>;
}

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path of the app, with its query and fragment if any. */
  to: string;
  /** The history entry's state (as `navigate(to, { state })`). */
  state?: unknown;
  replace?: boolean;
}

const modified = (e: MouseEvent) => e.metaKey || e.altKey || e.ctrlKey || e.shiftKey;

export function AppLink({ to, state, replace, onClick, ...rest }: AppLinkProps) {
  const go = useContext(GoContext);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!go || event.defaultPrevented || event.button !== 0 || modified(event)) return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    go(to, state, replace);
  };
  return <a {...rest} href={to} onClick={click} />;
}
