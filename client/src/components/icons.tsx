// The app's icons: lucide's drawings, each drawn by a small component whose
// inside is serialised once, when this module loads. lucide-react's own
// components build every icon's attributes and children again on each
// render (buildLucideIconNode, class merging, a context read), about a tenth
// of the server's render of /clients in QuickJS (bench/README.md, "Render
// less"). The markup is lucide's own, attribute for attribute
// (icons.test.tsx). Import icons from here, not from lucide-react.
import type { JSX, SVGProps } from 'react';
import * as lucide from 'lucide-react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & { size?: number };
export type IconComponent = (props: IconProps) => JSX.Element;

/** As React escapes an attribute's value. */
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const escape = (value: string) => value.replace(/["&'<>]/g, (c) => ESCAPES[c]);

/** lucide's props that name or describe the icon: with one, it is not hidden from assistive technology. */
const describes = (props: object) => Object.entries(props).some(([k, v]) => v != null && (k.startsWith('aria-') || k === 'role' || k === 'title'));

function icon(component: lucide.LucideIcon): IconComponent {
  // A lucide component is forwardRef(props => <Icon icon={data} {...props} />):
  // its outer render only wraps the drawing's data, and calls no hook.
  const { icon: data } = (component as unknown as { render(props: object, ref: null): { props: { icon: lucide.LucideIconData } } }).render({}, null).props;
  const html = data.node
    .map(([tag, attrs]) => {
      const pairs = Object.entries(attrs).filter(([k]) => k !== 'key');
      return `<${tag}${pairs.map(([k, v]) => ` ${k}="${escape(String(v))}"`).join('')}></${tag}>`;
    })
    .join('');
  const inside = { __html: html };
  const box = `0 0 ${data.size ?? 24} ${data.size ?? 24}`;
  const classes = ['lucide', ...[data.name, ...(data.aliases ?? [])].map((n) => `lucide-${n}`)].join(' ');
  return function Icon({ size = 24, className, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox={box}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
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
