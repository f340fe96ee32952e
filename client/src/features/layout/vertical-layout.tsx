// Vertical shell: side menu, top bar, content and footer.
import type { ReactNode } from 'react';
import Footer from './footer';
import SideNav from './side-nav';
import TopBar from './top-bar';

export default function VerticalLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SideNav />
      <TopBar />
      <div className="content-page">
        <main className="page-content">{children}</main>
        <Footer />
      </div>
    </>
  );
}
