// The signed-in user's menu: profile, logout and three placeholders (docs/behaviour.md#top-bar).
import { Bell, ChevronDown, CircleUser, LifeBuoy, LogOut, Settings } from '../../components/icons';
import { AppLink } from '../../components/app-link';
import { SIGN_OUT_STATE } from '../../lib/sign-out';
import Dropdown from './dropdown';
import UserIdentity from './user-identity';

export default function UserDropdown() {
  return (
    <Dropdown
      name="user"
      className="topbar-item"
      toggleClassName="topbar-link topbar-user"
      menuClassName="dropdown-menu-end"
      toggle={
        <>
          {/* Named by its content: what is shown (initials, name, role) stays part of the name. */}
          <span className="visually-hidden">Menu do usuário</span>
          <UserIdentity block="topbar-user" avatarClassName="avatar-sm" textClassName="d-none d-lg-flex" />
          <ChevronDown size={16} className="d-none d-lg-inline" aria-hidden="true" />
        </>
      }
    >
      <div className="dropdown-header">
        <h6 className="m-0">Bem-vindo(a)!</h6>
      </div>
      <AppLink to="/auth/profile" className="dropdown-item">
        <CircleUser size={16} aria-hidden="true" /> Meu perfil
      </AppLink>
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
      {/* The logout screen posts the sign-out (which also clears the HttpOnly cookie). */}
      <AppLink to="/logout" state={SIGN_OUT_STATE} className="dropdown-item text-danger">
        <LogOut size={16} aria-hidden="true" /> Sair
      </AppLink>
    </Dropdown>
  );
}
