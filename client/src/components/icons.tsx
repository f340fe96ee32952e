// The app's icons: lucide's drawings as one inline sprite, each icon an
// <svg> whose inside is a <use> of its <symbol>. React renders an icon as
// one element with a few attributes and a fixed inside; the drawing and its
// presentation attributes are in the sprite, written out once per page
// (<IconSprite>, last in the App) rather than once per icon, which was a
// third of the markup of /clients (bench/README.md, "Render less"). What an
// icon draws is lucide-react's drawing, attribute for attribute
// (icons.test.tsx). Import icons from here, not from lucide-react.
import type { JSX, SVGProps } from 'react';
import * as lucide from 'lucide-react';
import { noteDrawn, registerSymbol } from './icon-sprite';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & { size?: number };
export type IconComponent = (props: IconProps) => JSX.Element;

/** As React escapes an attribute's value. */
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const escape = (value: string) => value.replace(/["&'<>]/g, (c) => ESCAPES[c]);

/** lucide's props that name or describe the icon: with one, it is not hidden from assistive technology. */
const describes = (props: object) => {
  for (const key in props) {
    const value = (props as Record<string, unknown>)[key];
    if (value != null && (key.startsWith('aria-') || key === 'role' || key === 'title')) return true;
  }
  return false;
};

/** lucide-react's presentation attributes, on each symbol: its drawing inherits them. */
const PRESENTATION = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

function icon(component: lucide.LucideIcon): IconComponent {
  // A lucide component is forwardRef(props => <Icon icon={data} {...props} />):
  // its outer render only wraps the drawing's data, and calls no hook.
  const { icon: data } = (component as unknown as { render(props: object, ref: null): { props: { icon: lucide.LucideIconData } } }).render({}, null).props;
  const drawing = data.node
    .map(([tag, attrs]) => {
      const pairs = Object.entries(attrs).filter(([k]) => k !== 'key');
      return `<${tag}${pairs.map(([k, v]) => ` ${k}="${escape(String(v))}"`).join('')}></${tag}>`;
    })
    .join('');
  const id = `icon-${data.name}`;
  const size = data.size ?? 24;
  registerSymbol(id, `<symbol id="${id}" viewBox="0 0 ${size} ${size}" ${PRESENTATION}>${drawing}</symbol>`);
  const inside = { __html: `<use href="#${id}"></use>` };
  const classes = ['lucide', ...[data.name, ...(data.aliases ?? [])].map((n) => `lucide-${n}`)].join(' ');
  return function Icon({ size = 24, className, ...rest }: IconProps) {
    noteDrawn(id);
    return (
      <svg
        width={size}
        height={size}
        className={className ? `${classes} ${className}` : classes}
        aria-hidden={describes(rest) ? undefined : 'true'}
        {...rest}
        dangerouslySetInnerHTML={inside}
      />
    );
  };
}

export const ArrowLeft = icon(lucide.ArrowLeft);
export const Bell = icon(lucide.Bell);
export const Briefcase = icon(lucide.Briefcase);
export const CalendarCheck = icon(lucide.CalendarCheck);
export const CalendarDays = icon(lucide.CalendarDays);
export const CalendarPlus = icon(lucide.CalendarPlus);
export const CalendarSync = icon(lucide.CalendarSync);
export const ChartColumn = icon(lucide.ChartColumn);
export const ChevronDown = icon(lucide.ChevronDown);
export const ChevronRight = icon(lucide.ChevronRight);
export const CircleCheck = icon(lucide.CircleCheck);
export const CircleUser = icon(lucide.CircleUser);
export const Combine = icon(lucide.Combine);
export const Copy = icon(lucide.Copy);
export const Download = icon(lucide.Download);
export const FileDown = icon(lucide.FileDown);
export const Globe = icon(lucide.Globe);
export const Layers = icon(lucide.Layers);
export const LayoutDashboard = icon(lucide.LayoutDashboard);
export const LayoutGrid = icon(lucide.LayoutGrid);
export const LifeBuoy = icon(lucide.LifeBuoy);
export const LogOut = icon(lucide.LogOut);
export const Mail = icon(lucide.Mail);
export const Maximize = icon(lucide.Maximize);
export const Menu = icon(lucide.Menu);
export const MessageCircle = icon(lucide.MessageCircle);
export const Minimize = icon(lucide.Minimize);
export const Monitor = icon(lucide.Monitor);
export const Moon = icon(lucide.Moon);
export const Package = icon(lucide.Package);
export const PanelLeft = icon(lucide.PanelLeft);
export const Pencil = icon(lucide.Pencil);
export const Phone = icon(lucide.Phone);
export const Plus = icon(lucide.Plus);
export const RefreshCw = icon(lucide.RefreshCw);
export const Repeat = icon(lucide.Repeat);
export const Settings = icon(lucide.Settings);
export const Settings2 = icon(lucide.Settings2);
export const ShieldX = icon(lucide.ShieldX);
export const Sun = icon(lucide.Sun);
export const Trash2 = icon(lucide.Trash2);
export const UserCog = icon(lucide.UserCog);
export const UserPlus = icon(lucide.UserPlus);
export const UserX = icon(lucide.UserX);
export const Users = icon(lucide.Users);
export const X = icon(lucide.X);
