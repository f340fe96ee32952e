// The layout customizer's panel (docs/behaviour.md#customizer), its own chunk:
// loaded after the page is up (lazy-parts.ts), rendered only while shown.
import { X } from '../../components/icons';
import { useRef, type ReactNode } from 'react';
import { useFocusTrap } from '../../hooks/use-focus-trap';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import {
  changeOrientation,
  changePosition,
  changeSideNavColor,
  changeSideNavSize,
  changeSkin,
  changeTheme,
  changeTopBarColor,
  changeWidth,
  resetLayout,
  toggleCustomizer,
  toggleMonochrome,
  toggleSideNavUser,
} from './layout-slice';
import type {
  LayoutPosition,
  LayoutWidth,
  Orientation,
  SideNavColor,
  SideNavSize,
  Skin,
  TopBarColor,
} from './layout-settings';
import { THEME_OPTIONS } from './theme-mode-dropdown';

type Choice = Skin | Orientation | TopBarColor | SideNavColor | SideNavSize | LayoutPosition | LayoutWidth;
type Options<T extends string> = { value: T; label: string }[];

/** Each value's name on screen; a value that two settings share (light, default…) reads the same in both. */
const LABELS: Record<Choice, string> = {
  modern: 'Moderno',
  default: 'Padrão',
  material: 'Material',
  saas: 'SaaS',
  flat: 'Plano',
  minimal: 'Minimalista',
  vertical: 'Vertical',
  horizontal: 'Horizontal',
  light: 'Claro',
  dark: 'Escuro',
  gray: 'Cinza',
  gradient: 'Gradiente',
  image: 'Imagem',
  compact: 'Compacto',
  condensed: 'Condensado',
  'on-hover': 'Ao passar o mouse',
  'on-hover-active': 'Ao passar o mouse (fixo)',
  offcanvas: 'Offcanvas',
  fixed: 'Fixo',
  scrollable: 'Rolável',
  fluid: 'Fluido',
  boxed: 'Em caixa',
};
const options = <T extends Choice>(...values: T[]): Options<T> => values.map((value) => ({ value, label: LABELS[value] }));

const SKIN_OPTIONS = options<Skin>('modern', 'default', 'material', 'saas', 'flat', 'minimal');
const ORIENTATION_OPTIONS = options<Orientation>('vertical', 'horizontal');
const TOPBAR_OPTIONS = options<TopBarColor>('light', 'dark', 'gray', 'gradient');
const SIDENAV_COLOR_OPTIONS = options<SideNavColor>('light', 'dark', 'gray', 'gradient', 'image');
const SIZE_OPTIONS = options<SideNavSize>('default', 'compact', 'condensed', 'on-hover', 'on-hover-active', 'offcanvas');
const POSITION_OPTIONS = options<LayoutPosition>('fixed', 'scrollable');
const WIDTH_OPTIONS = options<LayoutWidth>('fluid', 'boxed');

function Section({ title, name, children }: { title: string; name: string; children: ReactNode }) {
  return (
    <fieldset className="customizer-section" data-section={name}>
      <legend className="customizer-title">{title}</legend>
      {children}
    </fieldset>
  );
}

function Choice<T extends string>({ name, options, value, onChange }: { name: string; options: Options<T>; value: T; onChange: (v: T) => void }) {
  return (
    <div className="customizer-options">
      {options.map((o) => (
        <label key={o.value} className={`customizer-option${o.value === value ? ' checked' : ''}`}>
          <input type="radio" name={name} value={o.value} checked={o.value === value} onChange={() => onChange(o.value)} />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

function Switch({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: () => void }) {
  return (
    <div className="form-check form-switch">
      <input className="form-check-input" type="checkbox" role="switch" id={id} name={id} checked={checked} onChange={onChange} />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}

export default function CustomizerPanel() {
  const layout = useAppSelector((s) => s.layout);
  const dispatch = useAppDispatch();
  const panelRef = useRef<HTMLDivElement>(null);
  const close = () => dispatch(toggleCustomizer());
  // A modal: keyboard users land in the panel, Tab stays in it, Escape closes
  // it and focus goes back to the toggle.
  useFocusTrap(panelRef, { onEscape: close });
  const vertical = layout.orientation === 'vertical';

  return (
    <>
      <div className="offcanvas offcanvas-end show customizer" role="dialog" aria-modal="true" aria-labelledby="customizer-title" tabIndex={-1} ref={panelRef}>
        <div className="offcanvas-header customizer-header">
          <h2 className="offcanvas-title h5" id="customizer-title">
            Personalizar layout
          </h2>
          <button type="button" className="customizer-close" aria-label="Fechar" onClick={close}>
            <X size={20} />
          </button>
        </div>
        <div className="offcanvas-body customizer-body">
          <Section title="Estilo" name="skin">
            <Choice name="skin" options={SKIN_OPTIONS} value={layout.skin} onChange={(v) => dispatch(changeSkin(v))} />
          </Section>
          <Section title="Esquema de cores" name="theme">
            <Choice name="theme" options={THEME_OPTIONS} value={layout.theme} onChange={(v) => dispatch(changeTheme(v))} />
            <Switch id="monochrome" label="Monocromático" checked={layout.monochrome} onChange={() => dispatch(toggleMonochrome())} />
          </Section>
          <Section title="Orientação" name="orientation">
            <Choice name="orientation" options={ORIENTATION_OPTIONS} value={layout.orientation} onChange={(v) => dispatch(changeOrientation(v))} />
          </Section>
          <Section title="Cor da barra superior" name="topbar-color">
            <Choice name="topbar-color" options={TOPBAR_OPTIONS} value={layout.topBar.color} onChange={(v) => dispatch(changeTopBarColor(v))} />
          </Section>
          <Section title="Cor do menu lateral" name="sidenav-color">
            <Choice name="sidenav-color" options={SIDENAV_COLOR_OPTIONS} value={layout.sidenav.color} onChange={(v) => dispatch(changeSideNavColor(v))} />
          </Section>
          {vertical && (
            <Section title="Tamanho do menu lateral" name="sidenav-size">
              <Choice name="sidenav-size" options={SIZE_OPTIONS} value={layout.sidenav.size} onChange={(v) => dispatch(changeSideNavSize(v))} />
            </Section>
          )}
          {vertical && (
            <Section title="Posição do layout" name="position">
              <Choice name="position" options={POSITION_OPTIONS} value={layout.position} onChange={(v) => dispatch(changePosition(v))} />
            </Section>
          )}
          <Section title="Largura do layout" name="width">
            <Choice name="width" options={WIDTH_OPTIONS} value={layout.width} onChange={(v) => dispatch(changeWidth(v))} />
          </Section>
          <Section title="Menu lateral" name="sidenav-user">
            <Switch id="sidenav-user" label="Mostrar usuário no menu lateral" checked={layout.sidenav.user} onChange={() => dispatch(toggleSideNavUser())} />
          </Section>
        </div>
        <div className="offcanvas-footer customizer-footer">
          <button type="button" className="btn btn-light w-50" onClick={() => dispatch(resetLayout())}>
            Redefinir
          </button>
          <a href="" className="btn btn-primary w-50" target="" data-buy-now="">
            Buy Now
          </a>
        </div>
      </div>
      <div className="offcanvas-backdrop fade show customizer-backdrop" onClick={close} />
    </>
  );
}
