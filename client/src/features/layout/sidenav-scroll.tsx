// The side menu's scroll area: SimpleBar's markup, rendered by us, with
// SimpleBar's script attached to it after hydration. simplebar-react renders
// this same markup and attaches simplebar-core in an effect; importing
// simplebar-core only from that effect (sidenav-scrollbar.ts) keeps it
// (about 5.5 KB brotli with lodash-es) out of the JavaScript that hydration
// waits for, and the markup stays the same, so nothing is replaced when the
// script arrives. The menu scrolls natively until then.
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

interface SidenavScrollProps {
  /** The element that scrolls (SimpleBar's content wrapper). */
  scrollRef: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}

export default function SidenavScroll({ scrollRef, children }: SidenavScrollProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let bar: { unMount(): void } | null = null;
    let gone = false;
    // SimpleBar's defaults are the spec's scrollbar constants: minimum size 25,
    // track-click step 40, hide delay 175 ms, mouse-move throttle 64 ms.
    import('./sidenav-scrollbar')
      .then(({ default: SimpleBarCore }) => {
        const el = rootRef.current;
        if (gone || !el) return;
        bar = new SimpleBarCore(el, { scrollableNode: scrollRef.current, contentNode: contentRef.current });
      })
      // Without it the menu still scrolls, with the browser's scrollbar.
      .catch(() => undefined);
    return () => {
      gone = true;
      bar?.unMount();
    };
  }, [scrollRef]);
  return (
    <div data-simplebar="init" className="sidenav-scroll" data-sidenav-scroll="" ref={rootRef}>
      <div className="simplebar-wrapper">
        <div className="simplebar-height-auto-observer-wrapper">
          <div className="simplebar-height-auto-observer" />
        </div>
        <div className="simplebar-mask">
          <div className="simplebar-offset">
            <div className="simplebar-content-wrapper" tabIndex={0} role="region" aria-label="scrollable content" ref={scrollRef}>
              <div className="simplebar-content" ref={contentRef}>
                {children}
              </div>
            </div>
          </div>
        </div>
        <div className="simplebar-placeholder" />
      </div>
      <div className="simplebar-track simplebar-horizontal">
        <div className="simplebar-scrollbar" />
      </div>
      <div className="simplebar-track simplebar-vertical">
        <div className="simplebar-scrollbar" />
      </div>
    </div>
  );
}
