/** The JSON API client: base `/api`, 10 s time-out, Bearer token, pt-BR errors. */
import type { ApiScheduleConflict, ApiScheduleRule, ApiSeriesConflict } from './api-types';

export const API_BASE = '/api';
export const API_TIMEOUT_MS = 10000;
export const TIMEOUT_MESSAGE = 'Tempo de resposta esgotado. Verifique sua conexão e tente novamente.';
export const NETWORK_MESSAGE = 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';
export const GENERIC_MESSAGE = 'Algo deu errado. Tente novamente.';
export const TOKEN_EXPIRED = 'Token has expired';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  /** False when the answer carried no message of its own (the text is generic). */
  readonly hasMessage: boolean;
  /** A scheduling clash's 409: the appointment it clashes with. */
  readonly conflict: ApiScheduleConflict | null;
  /** A 422 for a time outside the scheduling rules: which one (the user may book anyway). */
  readonly rule: ApiScheduleRule | null;
  /** A series' 409: every date that cannot be booked. */
  readonly conflicts: ApiSeriesConflict[];

  constructor(
    status: number,
    message: string | undefined,
    errors: FieldErrors = {},
    conflict: ApiScheduleConflict | null = null,
    rule: ApiScheduleRule | null = null,
    conflicts: ApiSeriesConflict[] = [],
  ) {
    super(message ?? GENERIC_MESSAGE);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.hasMessage = message !== undefined;
    this.conflict = conflict;
    this.rule = rule;
    this.conflicts = conflicts;
  }
}

interface ApiHooks {
  getToken: () => string | null | undefined;
  /** Called on a 401 "Token has expired": clear the session and go to /login. */
  onTokenExpired: () => void;
}

// The store and router are app-level; they plug themselves in here so this
// shared module does not import them (imports flow shared → features → app).
let hooks: ApiHooks = { getToken: () => null, onTokenExpired: () => {} };

export function configureApi(next: ApiHooks): void {
  hooks = next;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** `a=1&b=x`, skipping empty values (spaces as %20). */
export function toQueryString(query: RequestOptions['query']): string {
  if (!query) return '';
  return Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}

/** The rules a 422's `rule` may name (ApiScheduleRule); anything else is not one. */
const SCHEDULE_RULES: readonly ApiScheduleRule[] = ['outsideHours', 'timeOff', 'buffer'];

/** The address a request goes to. */
function urlOf(path: string, options: RequestOptions): string {
  const qs = toQueryString(options.query);
  return `${API_BASE}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
}

/**
 * The last answer of each read that carried an ETag (the agenda's), by
 * session and address, in memory only: the next read of it sends
 * `If-None-Match`, and a 304 gives this answer again (the screens' reads
 * every 30 s without the live stream cost a few hundred bytes). The most
 * recent few are kept.
 */
const validated = new Map<string, { etag: string; body: unknown }>();
const VALIDATED_MAX = 16;

/** One request with the Bearer token and the time-out; non-2xx answers (but a 304 to `ifNoneMatch`) become an ApiError. */
async function send(path: string, options: RequestOptions, accept: string, ifNoneMatch?: string): Promise<Response> {
  const url = urlOf(path, options);
  const headers: Record<string, string> = { Accept: accept };
  const token = hooks.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? API_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (timedOut) throw new ApiError(0, TIMEOUT_MESSAGE);
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_MESSAGE);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
  if (response.ok || (response.status === 304 && ifNoneMatch)) return response;

  const payload = ((await readJson(response)) ?? {}) as { message?: unknown; error?: unknown; errors?: unknown; conflict?: unknown; conflicts?: unknown; rule?: unknown };
  const message = typeof payload.message === 'string' ? payload.message : undefined;
  const errorField = typeof payload.error === 'string' ? payload.error : undefined;
  if (response.status === 401 && (message === TOKEN_EXPIRED || errorField === TOKEN_EXPIRED)) {
    hooks.onTokenExpired();
  }
  const errors = payload.errors && typeof payload.errors === 'object' ? (payload.errors as FieldErrors) : {};
  const conflict = payload.conflict && typeof payload.conflict === 'object' ? (payload.conflict as ApiScheduleConflict) : null;
  const rule = SCHEDULE_RULES.find((r) => r === payload.rule) ?? null;
  const conflicts = Array.isArray(payload.conflicts) ? (payload.conflicts as ApiSeriesConflict[]) : [];
  throw new ApiError(response.status, message ?? errorField, errors, conflict, rule, conflicts);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const key = (options.method ?? 'GET') === 'GET' ? `${hooks.getToken() ?? ''} ${urlOf(path, options)}` : null;
  const kept = key === null ? undefined : validated.get(key);
  const response = await send(path, options, 'application/json', kept?.etag);
  if (response.status === 304 && kept) return kept.body as T;
  const body = await readJson(response);
  const etag = response.headers.get('ETag');
  if (key !== null && etag) {
    validated.delete(key);
    validated.set(key, { etag, body });
    if (validated.size > VALIDATED_MAX) validated.delete(validated.keys().next().value as string);
  }
  return body as T;
}

/**
 * A file from the API (a CSV export) as a Blob: the same Bearer token,
 * time-out and errors as every request. The API never takes the session
 * cookie, so a plain link to it would answer 401.
 */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, { timeoutMs: 60_000, ...options }, 'text/csv, application/json');
  return response.blob();
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** An ApiError as plain data, the form RTK Query keeps in the store (see api-slice.ts). */
export interface ApiErrorData {
  status: number;
  message: string;
  errors: FieldErrors;
  hasMessage: boolean;
  conflict: ApiScheduleConflict | null;
  rule: ApiScheduleRule | null;
  conflicts: ApiSeriesConflict[];
}

export function toErrorData(error: ApiError): ApiErrorData {
  return { status: error.status, message: error.message, errors: error.errors, hasMessage: error.hasMessage, conflict: error.conflict, rule: error.rule, conflicts: error.conflicts };
}

function isErrorData(error: unknown): error is ApiErrorData {
  return typeof error === 'object' && error !== null && 'hasMessage' in error && 'message' in error;
}

/** The field errors of a failed request (an ApiError or its plain form), empty otherwise. */
export function fieldErrors(error: unknown): FieldErrors {
  return error instanceof ApiError || isErrorData(error) ? error.errors : {};
}

/** The appointment a failed booking or move clashes with (the 409's `conflict`), null otherwise. */
export function conflictOf(error: unknown): ApiScheduleConflict | null {
  return (error instanceof ApiError || isErrorData(error)) && error.conflict ? error.conflict : null;
}

/** The scheduling rule a refused booking or move breaks (the 422's `rule`), null otherwise: it may be booked anyway. */
export function ruleOf(error: unknown): ApiScheduleRule | null {
  return (error instanceof ApiError || isErrorData(error)) && error.rule ? error.rule : null;
}

/** The dates of a series that cannot be booked (the 409's `conflicts`), empty otherwise. */
export function conflictsOf(error: unknown): ApiSeriesConflict[] {
  return (error instanceof ApiError || isErrorData(error)) && Array.isArray(error.conflicts) ? error.conflicts : [];
}

/** The message shown on failure: the server's, or the caller's default. */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError || isErrorData(error)) && error.hasMessage ? error.message : fallback;
}
