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
} from 'lucide-react';
import routes from '../../app/routes.json';
import type { MenuItem } from './menu-logic';

/** Paths the running app routes itself (the route table); every other menu url is a plain link. */
export const APP_ROUTES: readonly string[] = routes.map((r) => r.path).filter((p) => p !== '*');

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

/** Leaf entries `{prefix}/{slug}` from [slug, label] pairs. */
function leaves(keyPrefix: string, urlPrefix: string, pairs: [string, string][]): MenuItem[] {
  return pairs.map(([slug, label]) => ({ key: `${keyPrefix}-${slug}`, label, url: `${urlPrefix}/${slug}` }));
}

const AUTH_PAGES: [string, string][] = [
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
  {
    key: 'h-dashboards',
    label: 'Dashboards',
    icon: LayoutDashboard,
    children: [
      { key: 'h-dashboard', label: 'Dashboard', url: '/dashboard' },
      { key: 'h-dashboard2', label: 'Dashboard 2', url: '/dashboard2' },
    ],
  },
  {
    key: 'h-management',
    label: 'Gestão',
    icon: Briefcase,
    children: [
      { key: 'h-clients', label: 'Clientes', url: '/clients' },
      { key: 'h-appointments', label: 'Agendamentos', url: '/appointments' },
      { key: 'h-reports', label: 'Relatorios', url: '/reports' },
      { key: 'h-users-main', label: 'Usuarios', url: '/users' },
    ],
  },
  {
    key: 'h-apps',
    label: 'Apps',
    icon: LayoutGrid,
    children: [
      { key: 'h-calendar', label: 'Calendário', url: '/calendar' },
      { key: 'h-chat', label: 'Chat', url: '/chat' },
      { key: 'h-file-manager', label: 'Gerenciador de Arquivos', url: '/file-manager' },
      {
        key: 'h-ecommerce',
        label: 'E-commerce',
        children: [
          { key: 'h-products', label: 'Produtos', url: '/products' },
          { key: 'h-orders', label: 'Pedidos', url: '/orders' },
          { key: 'h-customers', label: 'Clientes', url: '/customers' },
          { key: 'h-sellers', label: 'Vendedores', url: '/sellers' },
          { key: 'h-reviews', label: 'Avaliações', url: '/reviews', badge: { variant: 'success', text: 'Novo' } },
        ],
      },
      {
        key: 'h-email',
        label: 'Email',
        children: [
          { key: 'h-inbox', label: 'Caixa de Entrada', url: '/inbox' },
          { key: 'h-email-compose', label: 'Escrever', url: '/email-compose' },
          { key: 'h-email-templates', label: 'Modelos de Email', url: '/email-templates' },
        ],
      },
      {
        key: 'h-crm',
        label: 'CRM',
        children: leaves('h-crm', '/crm', [
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
      },
      {
        key: 'h-users',
        label: 'Usuarios',
        children: leaves('h-users', '/users', [
          ['contacts', 'Contatos'],
          ['profile', 'Perfil'],
          ['roles', 'Papéis'],
          ['permissions', 'Permissões'],
        ]),
      },
      {
        key: 'h-invoice',
        label: 'Faturas',
        children: [
          { key: 'h-invoices', label: 'Faturas', url: '/invoices' },
          { key: 'h-add-invoice', label: 'Nova Fatura', url: '/add-invoice' },
        ],
      },
    ],
  },
  {
    key: 'h-pages',
    label: 'Páginas',
    icon: Layers,
    children: [
      {
        key: 'h-pages-general',
        label: 'Páginas',
        children: leaves('h-pages', '/pages', [
          ['starter', 'Página Inicial'],
          ['faq', 'Perguntas Frequentes'],
          ['pricing', 'Preços'],
          ['timeline', 'Linha do Tempo'],
          ['search-results', 'Resultados de Busca'],
          ['terms-conditions', 'Termos e Condições'],
        ]),
      },
      { key: 'h-auth-1', label: 'Autenticação 1', children: leaves('h-auth-1', '/auth-1', AUTH_PAGES) },
      { key: 'h-auth-2', label: 'Autenticação 2', children: leaves('h-auth-2', '/auth-2', AUTH_PAGES) },
      {
        key: 'h-errors',
        label: 'Páginas de Erro',
        children: [
          ...leaves('h-error', '/error', [
            ['400', 'Erro 400'],
            ['401', 'Erro 401'],
            ['403', 'Erro 403'],
            ['404', 'Erro 404'],
            ['408', 'Erro 408'],
            ['500', 'Erro 500'],
          ]),
          { key: 'h-maintenance', label: 'Manutenção', url: '/maintenance' },
          { key: 'h-coming-soon', label: 'Em Breve', url: '/coming-soon' },
        ],
      },
      { key: 'h-landing', label: 'Landing', url: '/landing' },
    ],
  },
  {
    key: 'h-components',
    label: 'Componentes',
    icon: Package,
    children: [
      {
        key: 'h-ui',
        label: 'Elementos UI',
        children: leaves('h-ui', '/ui', [
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
      },
      { key: 'h-widgets', label: 'Widgets', url: '/widgets' },
      {
        key: 'h-charts',
        label: 'Gráficos',
        children: leaves('h-charts', '/charts/apex', [
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
      },
      {
        key: 'h-forms',
        label: 'Formulários',
        children: leaves('h-forms', '/forms', [
          ['basic', 'Elementos Básicos'],
          ['select', 'Seleção'],
          ['pickers', 'Seletores de Data'],
          ['validation', 'Validação'],
          ['wizard', 'Assistente'],
          ['file-uploads', 'Envio de Arquivos'],
          ['editors', 'Editores'],
          ['layouts', 'Layouts'],
        ]),
      },
      {
        key: 'h-icons',
        label: 'Ícones',
        children: leaves('h-icons', '/icons', [
          ['lucide', 'Lucide'],
          ['tabler', 'Tabler'],
          ['remix', 'Remix'],
        ]),
      },
      {
        key: 'h-maps',
        label: 'Mapas',
        children: leaves('h-maps', '/maps', [
          ['google', 'Google Maps'],
          ['vector', 'Mapas Vetoriais'],
          ['leaflet', 'Leaflet'],
        ]),
      },
      {
        key: 'h-tables',
        label: 'Tabelas',
        children: leaves('h-tables', '/tables', [
          ['static', 'Tabelas Estáticas'],
          ['custom', 'Tabelas Personalizadas'],
          ['data-tables', 'Tabelas de Dados'],
        ]),
      },
      {
        key: 'h-misc',
        label: 'Diversos',
        children: leaves('h-misc', '/miscellaneous', [
          ['nestable', 'Lista Aninhada'],
          ['sweet-alerts', 'Alertas'],
          ['clipboard', 'Área de Transferência'],
          ['tree-view', 'Árvore'],
          ['tour', 'Tour Guiado'],
          ['password-meter', 'Força de Senha'],
        ]),
      },
    ],
  },
  {
    key: 'h-layouts',
    label: 'Layouts',
    icon: PanelLeft,
    children: leaves('h-layouts', '/layouts', [
      ['vertical', 'Vertical'],
      ['horizontal', 'Horizontal'],
      ['compact', 'Compacto'],
      ['icon-view', 'Somente Ícones'],
      ['on-hover', 'Ao Passar o Mouse'],
      ['offcanvas', 'Offcanvas'],
      ['boxed', 'Em Caixa'],
      ['scrollable', 'Rolável'],
    ]),
  },
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
