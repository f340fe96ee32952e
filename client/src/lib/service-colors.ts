import type { ApiServiceColor } from './api-types';

/**
 * The services' palette (the server's `ServiceColor`), in the order the dialog
 * offers it, with its pt-BR names and its CSS colour. Each variable is
 * written out whole: the build keeps only the custom properties it finds
 * in the shipped code (critical-css.mjs, dropUnusedProperties).
 */
export const SERVICE_COLORS: readonly { color: ApiServiceColor; label: string; css: string }[] = [
  { color: 'blue', label: 'Azul', css: 'var(--bs-blue)' },
  { color: 'indigo', label: 'Índigo', css: 'var(--bs-indigo)' },
  { color: 'purple', label: 'Roxo', css: 'var(--bs-purple)' },
  { color: 'pink', label: 'Rosa', css: 'var(--bs-pink)' },
  { color: 'red', label: 'Vermelho', css: 'var(--bs-red)' },
  { color: 'orange', label: 'Laranja', css: 'var(--bs-orange)' },
  { color: 'yellow', label: 'Amarelo', css: 'var(--bs-yellow)' },
  { color: 'green', label: 'Verde', css: 'var(--bs-green)' },
  { color: 'teal', label: 'Verde-azulado', css: 'var(--bs-teal)' },
  { color: 'cyan', label: 'Ciano', css: 'var(--bs-cyan)' },
];

/** The CSS colour of a service's colour (Bootstrap's palette variables). */
export const serviceColorVar = (color: string): string => SERVICE_COLORS.find((c) => c.color === color)?.css ?? 'var(--bs-secondary)';

/** The pt-BR name of a colour. */
export const serviceColorLabel = (color: string): string => SERVICE_COLORS.find((c) => c.color === color)?.label ?? color;
