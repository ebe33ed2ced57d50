import dayjs from 'dayjs';
import type { DemandCard } from '@shared/contract/demands';

// How demands read on the page: dates in China's usual form, the time left in words.

export const demandDate = (iso: string): string => dayjs(iso).format('YYYY-MM-DD');
export const demandDateTime = (iso: string): string => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** '剩 3 天' / '剩 5 小时' while open; the state's name otherwise. */
export function timeLeft(
  demand: Pick<DemandCard, 'state' | 'stateName' | 'deadline'>,
  nowMs = Date.now(),
): string {
  if (demand.state !== 'open') return demand.stateName;
  const ms = Date.parse(demand.deadline) - nowMs;
  if (ms <= 0) return '已截止';
  const days = Math.floor(ms / 86_400_000);
  if (days >= 1) return `剩 ${days} 天`;
  return `剩 ${Math.max(1, Math.ceil(ms / 3_600_000))} 小时`;
}

/** The id in `/demand/{id}.html`-style segments, or NaN. */
export const idOfHtml = (segment: string | undefined): number =>
  segment && /^\d+\.html$/.test(segment) ? Number(segment.slice(0, -5)) : Number.NaN;
