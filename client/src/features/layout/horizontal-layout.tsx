// Horizontal shell: top bar and top navigation; below 992 px CSS hides the
// top navigation and the side nav serves as the drawer.
import type { ReactNode } from 'react';
import Footer from './footer';
import HorizontalNav from './horizontal-nav';
import SideNav from './side-nav';
import TopBar from './top-bar';

export default function HorizontalLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SideNav />
      <TopBar />
      <HorizontalNav />
      <div className="content-page">
        <main className="page-content">{children}</main>
        <Footer />
      </div>
    </>
  );
}
