// Colour scheme: light, dark or system (follows the OS; see useLayoutSync).
import { Monitor, Moon, Sun } from '../../components/icons';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { changeTheme } from './layout-slice';
import type { ThemeSetting } from './layout-settings';
import Dropdown from './dropdown';

export const THEME_OPTIONS: { value: ThemeSetting; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Claro', icon: Sun },
  { value: 'dark', label: 'Escuro', icon: Moon },
  { value: 'system', label: 'Sistema', icon: Monitor },
];

export default function ThemeModeDropdown() {
  const theme = useAppSelector((s) => s.layout.theme);
  const dispatch = useAppDispatch();
  const Current = THEME_OPTIONS.find((o) => o.value === theme)?.icon ?? Sun;
  return (
    <Dropdown name="theme" className="topbar-item" toggleLabel="Tema" menuClassName="dropdown-menu-end" toggle={<Current size={20} aria-hidden="true" />}>
      {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
        <a
          key={value}
          href="#"
          className={`dropdown-item d-flex align-items-center gap-2${theme === value ? ' active' : ''}`}
          data-theme-option={value}
          onClick={(e) => {
            e.preventDefault();
            dispatch(changeTheme(value));
          }}
        >
          <Icon size={16} aria-hidden="true" /> {label}
        </a>
      ))}
    </Dropdown>
  );
}
