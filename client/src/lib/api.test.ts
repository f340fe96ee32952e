import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, configureApi, conflictOf, NETWORK_MESSAGE, ruleOf, TIMEOUT_MESSAGE, toErrorData } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  configureApi({ getToken: () => null, onTokenExpired: () => {} });
});

describe('apiRequest', () => {
  it('sends no Authorization header without a token', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/me')).resolves.toEqual({ ok: true });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('sends a read\'s ETag again and takes a 304 as the answer it kept, per session', async () => {
    configureApi({ getToken: () => 't1', onTokenExpired: () => {} });
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      (init.headers as Record<string, string>)['If-None-Match'] === 'W/"a"'
        ? new Response(null, { status: 304, headers: { ETag: 'W/"a"' } })
        : new Response('{"data":{"n":1}}', { headers: { ETag: 'W/"a"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/agenda', { query: { date: '2030-01-02' } })).resolves.toEqual({ data: { n: 1 } });
    await expect(apiRequest('/agenda', { query: { date: '2030-01-02' } })).resolves.toEqual({ data: { n: 1 } });
    const sent = (i: number) => ((fetchMock.mock.calls[i] as unknown as [string, RequestInit])[1].headers as Record<string, string>)['If-None-Match'];
    expect(sent(0)).toBeUndefined();
    expect(sent(1)).toBe('W/"a"');
    // Another address, or another session, has nothing kept.
    await apiRequest('/agenda', { query: { date: '2030-01-03' } });
    expect(sent(2)).toBeUndefined();
    configureApi({ getToken: () => 't2', onTokenExpired: () => {} });
    await apiRequest('/agenda', { query: { date: '2030-01-02' } });
    expect(sent(3)).toBeUndefined();
    // A 304 never asked for is an error, not an empty answer.
    vi.stubGlobal('fetch', async () => new Response(null, { status: 304 }));
    await expect(apiRequest('/clients')).rejects.toBeInstanceOf(ApiError);
  });

  it('clears the session on 401 "Token has expired" (message or error field)', async () => {
    const onTokenExpired = vi.fn();
    configureApi({ getToken: () => 't', onTokenExpired });
    vi.stubGlobal('fetch', async () => new Response('{"message":"Token has expired"}', { status: 401 }));
    await expect(apiRequest('/clients')).rejects.toMatchObject({ status: 401, message: 'Token has expired' });
    vi.stubGlobal('fetch', async () => new Response('{"error":"Token has expired"}', { status: 401 }));
    await expect(apiRequest('/clients')).rejects.toBeInstanceOf(ApiError);
    expect(onTokenExpired).toHaveBeenCalledTimes(2);
  });

  it('passes other errors to the caller with status, message and field errors', async () => {
    const onTokenExpired = vi.fn();
    configureApi({ getToken: () => 't', onTokenExpired });
    vi.stubGlobal(
      'fetch',
      async () => new Response('{"message":"Dados inválidos.","errors":{"email":["Informe o e-mail."]}}', { status: 422 }),
    );
    const error = (await apiRequest('/login', { method: 'POST', body: {} }).catch((e) => e)) as ApiError;
    expect(error.status).toBe(422);
    expect(error.message).toBe('Dados inválidos.');
    expect(error.errors).toEqual({ email: ['Informe o e-mail.'] });
    vi.stubGlobal('fetch', async () => new Response('{"message":"Token inválido."}', { status: 401 }));
    await expect(apiRequest('/me')).rejects.toMatchObject({ status: 401 });
    expect(onTokenExpired).not.toHaveBeenCalled();
  });

  it("keeps a clash's conflict (the other appointment) as data, thrown and stored", async () => {
    const conflict = { appointmentId: 4, startsAt: '2030-11-21T14:00:00-03:00', endsAt: '2030-11-21T15:00:00-03:00' };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'Conflito de horário: …', conflict }), { status: 409 }));
    const error = (await apiRequest('/appointments', { method: 'POST', body: {} }).catch((e) => e)) as ApiError;
    expect(error.status).toBe(409);
    expect(conflictOf(error)).toEqual(conflict);
    expect(conflictOf(toErrorData(error))).toEqual(conflict);
    vi.stubGlobal('fetch', async () => new Response('{"message":"Este registro foi alterado por outra pessoa."}', { status: 409 }));
    expect(conflictOf(await apiRequest('/clients/1', { method: 'PUT', body: {} }).catch((e) => e))).toBeNull();
  });

  it('keeps the rule a time outside the schedule breaks (typed), thrown and stored; anything else is none', async () => {
    const body = { message: 'Dados inválidos.', errors: { startsAt: ['Fora do horário de trabalho de Ana.'] }, rule: 'outsideHours' };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 422 }));
    const error = (await apiRequest('/appointments', { method: 'POST', body: {} }).catch((e) => e)) as ApiError;
    expect(ruleOf(error)).toBe('outsideHours');
    expect(ruleOf(toErrorData(error))).toBe('outsideHours');
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ ...body, rule: 'somethingElse' }), { status: 422 }));
    expect(ruleOf(await apiRequest('/appointments', { method: 'POST', body: {} }).catch((e) => e))).toBeNull();
  });

  it('reports a network failure in Portuguese', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/me')).rejects.toMatchObject({ status: 0, message: NETWORK_MESSAGE });
  });

  it('gives up after 10 s with the time-out message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    let settled = false;
    const result = apiRequest('/me')
      .catch((e) => e)
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ status: 0, message: TIMEOUT_MESSAGE });
    expect(TIMEOUT_MESSAGE).toBe('Tempo de resposta esgotado. Verifique sua conexão e tente novamente.');
  });
});
