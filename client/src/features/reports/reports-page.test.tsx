import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SERVICE_BARS, ServiceCard } from './reports-page';
import type { ReportSummary, ServiceFigures } from './types';

const service = (name: string, revenueCents: number, total = 1): ServiceFigures => ({
  service: name,
  total,
  concluido: revenueCents ? 1 : 0,
  cancelado: 0,
  faltou: revenueCents ? 0 : total,
  revenueCents,
});

const summary = (byService: ServiceFigures[]): ReportSummary => ({
  period: 'month',
  from: '2026-11-01',
  to: '2026-11-30',
  timeZone: 'America/Sao_Paulo',
  total: byService.reduce((n, s) => n + s.total, 0),
  byStatus: { agendado: 0, confirmado: 0, concluido: 0, cancelado: 0, faltou: 0, pendente: 0 },
  byDay: [],
  byStaff: [],
  byService,
  byChannel: [],
  noShowRate: 0,
  cancellationRate: 0,
  revenueCents: byService.reduce((n, s) => n + s.revenueCents, 0),
  newClients: 0,
  newClientsEstimated: false,
  reminders: {
    withReminder: { total: 0, concluido: 0, faltou: 0, noShowRate: 0 },
    withoutReminder: { total: 0, concluido: 0, faltou: 0, noShowRate: 0 },
  },
  recovered: { count: 0, revenueCents: 0 },
});

const render = (byService: ServiceFigures[]) => renderToString(<ServiceCard data={summary(byService)} period="de 01/11/2026 a 30/11/2026" />);
const textOf = (html: string) => html.replace(/<!-- -->/g, '');

describe('the "Por serviço" card', () => {
  it('draws the revenue of each service as a named SVG image, its figures as a table', () => {
    const html = textOf(render([service('Limpeza', 22000, 3), service('Escova', 0, 2)]));
    expect(html).toContain('Por serviço');
    expect(html).toContain('<svg role="img" aria-label="Receita por serviço, de 01/11/2026 a 30/11/2026: R$ 220,00 no total"');
    expect(html.match(/<rect /g)).toHaveLength(2);
    expect(html).toContain('<title>Limpeza: R$ 220,00</title>');
    expect(html).toContain('class="chart-value">R$ 220</text>');
    const headers = [...html.matchAll(/<th [^>]*>([^<]+)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual(['Serviço', 'Agendamentos', 'Concluídos', 'Faltas', 'Cancelados', 'Receita']);
    expect(html).toMatch(/Limpeza<\/span><\/td><td[^>]*>3<\/td><td[^>]*>1<\/td><td[^>]*>0<\/td><td[^>]*>0<\/td><td[^>]*>R\$ 220,00<\/td>/);
    expect(html).toMatch(/Escova<\/span><\/td><td[^>]*>2<\/td><td[^>]*>0<\/td><td[^>]*>2<\/td><td[^>]*>0<\/td><td[^>]*>R\$ 0,00<\/td>/);
    // Few services: the table is shown, not folded away.
    expect(html).not.toContain('Ver tabela');
  });

  it(`draws at most ${SERVICE_BARS} services and says the table holds the others`, () => {
    const many = Array.from({ length: SERVICE_BARS + 3 }, (_, i) => service(`Serviço ${i + 1}`, (20 - i) * 1000));
    const html = textOf(render(many));
    expect(html.match(/<rect /g)).toHaveLength(SERVICE_BARS);
    expect(html).toContain(`Os ${SERVICE_BARS} serviços de maior receita; os outros 3 estão na tabela.`);
    expect(html).toContain(`>Serviço ${SERVICE_BARS + 3}</span>`);
    expect(html).toContain('Ver tabela');
    expect(textOf(render(many.slice(0, SERVICE_BARS + 1)))).toContain('o outro está na tabela.');
  });

  it('says when the period has no appointments', () => {
    const html = textOf(render([]));
    expect(html).not.toContain('<svg');
    expect(html).toContain('Nenhum agendamento no período.');
  });
});
