import { formatKg, formatPhpPerKg } from '@plastrace/shared';
import { formatDate } from '../../components/common/format.ts';
import type { Forecast } from './api.ts';

const short = new Intl.DateTimeFormat('en-PH', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A week by its Monday, written as every date is (the day is the organization's already: no zone shifts it). */
export const weekLabel = (week: string) => formatDate(`${week}T00:00:00Z`, 'UTC');
/** The same on a chart's axis, without the year. */
export const weekTick = (week: string) => short.format(new Date(`${week}T00:00:00Z`));

/** A figure in the forecast's unit: '1,250.5 kg' or '₱16.50/kg'. */
export const figure = (unit: Forecast['unit'], value: string | null | undefined) =>
  unit === 'kg' ? formatKg(value) : formatPhpPerKg(value);

/** What the series is, in words: 'intake' or 'the price paid'. */
export const seriesWords = (unit: Forecast['unit']) => (unit === 'kg' ? 'intake' : 'the price paid');
