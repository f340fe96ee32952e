// Fullscreen on and off for the whole page.
import { Maximize, Minimize } from '../../components/icons';
import { useEffect, useState } from 'react';

export default function FullscreenToggle() {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return (
    <div className="topbar-item d-none d-sm-flex">
      <button type="button" className="topbar-link" aria-label={full ? 'Sair da tela cheia' : 'Tela cheia'} aria-pressed={full} onClick={toggle} data-fullscreen-toggle="">
        {full ? <Minimize size={20} aria-hidden="true" /> : <Maximize size={20} aria-hidden="true" />}
      </button>
    </div>
  );
}
