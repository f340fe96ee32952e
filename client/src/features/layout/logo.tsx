// The product's logo; links to / (docs/behaviour.md#shell). Full name and a compact mark, CSS
// shows the one that fits the side-nav size.
import { CalendarCheck } from 'lucide-react';
import { Link } from 'react-router';

export default function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={className ? `logo ${className}` : 'logo'} aria-label="Expediente - início">
      <span className="logo-mark" aria-hidden="true">
        <CalendarCheck size={20} />
      </span>
      <span className="logo-text">Expediente</span>
    </Link>
  );
}
