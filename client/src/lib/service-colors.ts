import type { ApiServiceColor } from './api-types';

/** The services' palette (the server's `ServiceColor`), in the order the dialog offers it, with its pt-BR names. */
export const SERVICE_COLORS: readonly { color: ApiServiceColor; label: string }[] = [
  { color: 'blue', label: 'Azul' },
  { color: 'indigo', label: 'Índigo' },
  { color: 'purple', label: 'Roxo' },
  { color: 'pink', label: 'Rosa' },
  { color: 'red', label: 'Vermelho' },
  { color: 'orange', label: 'Laranja' },
  { color: 'yellow', label: 'Amarelo' },
  { color: 'green', label: 'Verde' },
  { color: 'teal', label: 'Verde-azulado' },
  { color: 'cyan', label: 'Ciano' },
];

/** The CSS colour of a service's colour (Bootstrap's palette variables). */
export const serviceColorVar = (color: string): string => `var(--bs-${color})`;

/** The pt-BR name of a colour. */
export const serviceColorLabel = (color: string): string => SERVICE_COLORS.find((c) => c.color === color)?.label ?? color;
