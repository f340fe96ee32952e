// Menu contents: the main side menu (docs/behaviour.md#menus), the template-style menu of the
// horizontal layout with the demo routes, and the top bar's mega menu.
import {
  Briefcase,
  CalendarDays,
  ChartColumn,
  Layers,
  LayoutDashboard,
  LayoutGrid,
  Package,
  PanelLeft,
  UserCog,
  Users,
  type IconComponent,
} from '../../components/icons';
import { NOT_FOUND_PATH, ROUTES } from '../../app/route-table';
import type { MenuItem } from './menu-logic';

/** Paths the running app routes itself (the route table); every other menu url is a plain link. */
export const APP_ROUTES: readonly string[] = ROUTES.map((r) => r.path).filter((p) => p !== NOT_FOUND_PATH);

export function isAppRoute(url: string | undefined): boolean {
  return !!url && APP_ROUTES.includes(url);
}

export const MAIN_MENU_TITLE = 'Menu';

export const MAIN_MENU: MenuItem[] = [
  { key: 'dashboard', label: 'Dashboard', icon: LayoutDashboard, url: '/dashboard' },
  { key: 'clients', label: 'Clientes', icon: Users, url: '/clients' },
  { key: 'appointments', label: 'Agendamentos', icon: CalendarDays, url: '/appointments' },
  { key: 'reports', label: 'Relatorios', icon: ChartColumn, url: '/reports' },
  { key: 'users', label: 'Usuarios', icon: UserCog, url: '/users' },
];

type Links = [slug: string, label: string][];

/** Leaf entries: key `{keyPrefix}-{slug}`, url `{urlPrefix}/{slug}`. */
function links(keyPrefix: string, urlPrefix: string, pairs: Links): MenuItem[] {
  return pairs.map(([slug, label]) => ({ key: `${keyPrefix}-${slug}`, label, url: `${urlPrefix}/${slug}` }));
}

/** Leaf entries of the horizontal menu at the site root: key `h-{slug}`, url `/{slug}`. */
const pages = (pairs: Links): MenuItem[] => links('h', '', pairs);

/** A group of the horizontal menu: key `h-{slug}`. */
const group = (slug: string, label: string, children: MenuItem[]): MenuItem => ({ key: `h-${slug}`, label, children });

/** A group whose leaves all sit under one url prefix: keys `h-{slug}-{leaf}`, urls `{urlPrefix}/{leaf}`. */
const section = (slug: string, label: string, urlPrefix: string, pairs: Links): MenuItem =>
  group(slug, label, links(`h-${slug}`, urlPrefix, pairs));

/** A top-level entry of the horizontal menu, with its icon. */
const menu = (slug: string, label: string, icon: IconComponent, children: MenuItem[]): MenuItem => ({
  ...group(slug, label, children),
  icon,
});

const AUTH_PAGES: Links = [
  ['sign-in', 'Entrar'],
  ['sign-up', 'Cadastrar'],
  ['reset-password', 'Redefinir senha'],
  ['new-password', 'Nova senha'],
  ['two-factor', 'Dois fatores'],
  ['lock-screen', 'Tela de bloqueio'],
  ['success-mail', 'Email enviado'],
  ['login-pin', 'Login com PIN'],
  ['delete-account', 'Excluir conta'],
];

export const HORIZONTAL_MENU: MenuItem[] = [
  menu('dashboards', 'Dashboards', LayoutDashboard, pages([
    ['dashboard', 'Dashboard'],
    ['dashboard2', 'Dashboard 2'],
  ])),
  menu('management', 'Gestão', Briefcase, [
    ...pages([
      ['clients', 'Clientes'],
      ['appointments', 'Agendamentos'],
      ['reports', 'Relatorios'],
    ]),
    { key: 'h-users-main', label: 'Usuarios', url: '/users' },
  ]),
  menu('apps', 'Apps', LayoutGrid, [
    ...pages([
      ['calendar', 'Calendário'],
      ['chat', 'Chat'],
      ['file-manager', 'Gerenciador de Arquivos'],
    ]),
    group('ecommerce', 'E-commerce', [
      ...pages([
        ['products', 'Produtos'],
        ['orders', 'Pedidos'],
        ['customers', 'Clientes'],
        ['sellers', 'Vendedores'],
      ]),
      { key: 'h-reviews', label: 'Avaliações', url: '/reviews', badge: { variant: 'success', text: 'Novo' } },
    ]),
    group('email', 'Email', pages([
      ['inbox', 'Caixa de Entrada'],
      ['email-compose', 'Escrever'],
      ['email-templates', 'Modelos de Email'],
    ])),
    section('crm', 'CRM', '/crm', [
      ['contacts', 'Contatos'],
      ['opportunities', 'Oportunidades'],
      ['deals', 'Negócios'],
      ['leads', 'Leads'],
      ['pipeline', 'Funil'],
      ['campaign', 'Campanhas'],
      ['proposals', 'Propostas'],
      ['estimations', 'Estimativas'],
      ['customers', 'Clientes'],
      ['activities', 'Atividades'],
    ]),
    section('users', 'Usuarios', '/users', [
      ['contacts', 'Contatos'],
      ['profile', 'Perfil'],
      ['roles', 'Papéis'],
      ['permissions', 'Permissões'],
    ]),
    group('invoice', 'Faturas', pages([
      ['invoices', 'Faturas'],
      ['add-invoice', 'Nova Fatura'],
    ])),
  ]),
  menu('pages', 'Páginas', Layers, [
    group('pages-general', 'Páginas', links('h-pages', '/pages', [
      ['starter', 'Página Inicial'],
      ['faq', 'Perguntas Frequentes'],
      ['pricing', 'Preços'],
      ['timeline', 'Linha do Tempo'],
      ['search-results', 'Resultados de Busca'],
      ['terms-conditions', 'Termos e Condições'],
    ])),
    section('auth-1', 'Autenticação 1', '/auth-1', AUTH_PAGES),
    section('auth-2', 'Autenticação 2', '/auth-2', AUTH_PAGES),
    group('errors', 'Páginas de Erro', [
      ...links('h-error', '/error', [
        ['400', 'Erro 400'],
        ['401', 'Erro 401'],
        ['403', 'Erro 403'],
        ['404', 'Erro 404'],
        ['408', 'Erro 408'],
        ['500', 'Erro 500'],
      ]),
      ...pages([
        ['maintenance', 'Manutenção'],
        ['coming-soon', 'Em Breve'],
      ]),
    ]),
    ...pages([['landing', 'Landing']]),
  ]),
  menu('components', 'Componentes', Package, [
    section('ui', 'Elementos UI', '/ui', [
      ['accordions', 'Acordeões'],
      ['alerts', 'Alertas'],
      ['avatars', 'Avatares'],
      ['badges', 'Badges'],
      ['breadcrumb', 'Breadcrumb'],
      ['buttons', 'Botões'],
      ['cards', 'Cards'],
      ['carousel', 'Carrossel'],
      ['collapse', 'Collapse'],
      ['dropdowns', 'Dropdowns'],
      ['grid', 'Grid'],
      ['list-group', 'Lista em Grupo'],
      ['modals', 'Modais'],
      ['offcanvas', 'Offcanvas'],
      ['pagination', 'Paginação'],
      ['popovers', 'Popovers'],
      ['progress', 'Progresso'],
      ['spinners', 'Spinners'],
      ['tabs', 'Abas'],
      ['tooltips', 'Tooltips'],
      ['typography', 'Tipografia'],
    ]),
    ...pages([['widgets', 'Widgets']]),
    section('charts', 'Gráficos', '/charts/apex', [
      ['area', 'Área'],
      ['bar', 'Barras'],
      ['bubble', 'Bolhas'],
      ['candlestick', 'Candlestick'],
      ['column', 'Colunas'],
      ['heatmap', 'Mapa de Calor'],
      ['line', 'Linhas'],
      ['mixed', 'Misto'],
      ['pie', 'Pizza'],
      ['radar', 'Radar'],
      ['scatter', 'Dispersão'],
      ['timeline', 'Linha do Tempo'],
    ]),
    section('forms', 'Formulários', '/forms', [
      ['basic', 'Elementos Básicos'],
      ['select', 'Seleção'],
      ['pickers', 'Seletores de Data'],
      ['validation', 'Validação'],
      ['wizard', 'Assistente'],
      ['file-uploads', 'Envio de Arquivos'],
      ['editors', 'Editores'],
      ['layouts', 'Layouts'],
    ]),
    section('icons', 'Ícones', '/icons', [
      ['lucide', 'Lucide'],
      ['tabler', 'Tabler'],
      ['remix', 'Remix'],
    ]),
    section('maps', 'Mapas', '/maps', [
      ['google', 'Google Maps'],
      ['vector', 'Mapas Vetoriais'],
      ['leaflet', 'Leaflet'],
    ]),
    section('tables', 'Tabelas', '/tables', [
      ['static', 'Tabelas Estáticas'],
      ['custom', 'Tabelas Personalizadas'],
      ['data-tables', 'Tabelas de Dados'],
    ]),
    section('misc', 'Diversos', '/miscellaneous', [
      ['nestable', 'Lista Aninhada'],
      ['sweet-alerts', 'Alertas'],
      ['clipboard', 'Área de Transferência'],
      ['tree-view', 'Árvore'],
      ['tour', 'Tour Guiado'],
      ['password-meter', 'Força de Senha'],
    ]),
  ]),
  menu('layouts', 'Layouts', PanelLeft, links('h-layouts', '/layouts', [
    ['vertical', 'Vertical'],
    ['horizontal', 'Horizontal'],
    ['compact', 'Compacto'],
    ['icon-view', 'Somente Ícones'],
    ['on-hover', 'Ao Passar o Mouse'],
    ['offcanvas', 'Offcanvas'],
    ['boxed', 'Em Caixa'],
    ['scrollable', 'Rolável'],
  ])),
];

export interface MegaMenuColumn {
  title: string;
  links: string[];
}

/** Admin Menu mega-dropdown: three columns whose links are placeholders (docs/behaviour.md#menus). */
export const MEGA_MENU: MegaMenuColumn[] = [
  {
    title: 'Dashboard e Analises',
    links: ['Painel de Vendas', 'Análise de Tráfego', 'Comportamento dos Clientes', 'Insights de Conversão', 'Relatórios de Desempenho', 'Indicadores em Tempo Real'],
  },
  {
    title: 'Gerenciamento do Projeto',
    links: ['Visão Geral', 'Tarefas e Prazos', 'Alocação de Recursos', 'Cronograma', 'Orçamento', 'Entregas da Equipe'],
  },
  {
    title: 'Gerenciamento de Usuarios',
    links: ['Lista de Usuários', 'Papéis e Permissões', 'Registro de Atividades', 'Convites Pendentes', 'Grupos de Acesso', 'Auditoria'],
  },
];
