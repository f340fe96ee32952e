// The product's logo; links to / (docs/behaviour.md#shell). Full name and a compact mark, CSS
// shows the one that fits the side-nav size.
import { CalendarCheck } from '../../components/icons';
import { AppLink } from '../../components/app-link';

export default function Logo({ className }: { className?: string }) {
  return (
    <AppLink to="/" className={className ? `logo ${className}` : 'logo'} aria-label="Expediente - início">
      <span className="logo-mark" aria-hidden="true">
        <CalendarCheck size={20} />
      </span>
      <span className="logo-text">Expediente</span>
    </AppLink>
  );
}
