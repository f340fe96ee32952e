// The signed-in user's menu: profile, logout and three placeholders (docs/behaviour.md#top-bar).
import { Bell, ChevronDown, CircleUser, LifeBuoy, LogOut, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { useAppSelector } from '../../hooks/store';
import { initials, roleLabel } from '../../lib/roles';
import Dropdown from './dropdown';

export default function UserDropdown() {
  const name = useAppSelector((s) => s.auth.name);
  const role = useAppSelector((s) => s.auth.role);
  return (
    <Dropdown
      name="user"
      className="topbar-item"
      toggleClassName="topbar-link topbar-user"
      toggleLabel="Menu do usuário"
      menuClassName="dropdown-menu-end"
      toggle={
        <>
          <span className="avatar avatar-sm" aria-hidden="true">
            {initials(name)}
          </span>
          <span className="topbar-user-text d-none d-lg-flex">
            <span className="topbar-user-name">{name}</span>
            <span className="topbar-user-role">{roleLabel(role, '')}</span>
          </span>
          <ChevronDown size={16} className="d-none d-lg-inline" aria-hidden="true" />
        </>
      }
    >
      <div className="dropdown-header">
        <h6 className="m-0">Bem-vindo(a)!</h6>
      </div>
      <Link to="/auth/profile" className="dropdown-item">
        <CircleUser size={16} aria-hidden="true" /> Meu perfil
      </Link>
      <a href="#" className="dropdown-item">
        <Bell size={16} aria-hidden="true" /> Notificacoes
      </a>
      <a href="#" className="dropdown-item">
        <Settings size={16} aria-hidden="true" /> Configuracoes da Conta
      </a>
      <a href="#" className="dropdown-item">
        <LifeBuoy size={16} aria-hidden="true" /> Central de Suporte
      </a>
      <div className="dropdown-divider" />
      {/* A full request: the server's GET /logout clears the HttpOnly session cookie. */}
      <a href="/logout" className="dropdown-item text-danger">
        <LogOut size={16} aria-hidden="true" /> Sair
      </a>
    </Dropdown>
  );
}
