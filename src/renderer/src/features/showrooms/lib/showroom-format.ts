import type { ShowroomRole, Visibility } from '@shared/contract/showrooms';

// 我的展厅 (docs/showrooms.md): the words and small computations the pages share.

export const ROLE_LABEL: Record<ShowroomRole, string> = {
  owner: '创建者',
  editor: '可编辑',
  viewer: '只读',
};

export const VISIBILITY_LABEL: Record<Visibility, string> = {
  private: '私密',
  link: '凭链接访问',
};

/** YYYY-MM-DD HH:mm in China time. */
export function formatTime(isoTime: string): string {
  const d = new Date(Date.parse(isoTime) + 8 * 3_600_000);
  return d.toISOString().slice(0, 16).replace('T', ' ');
}

/** The list with the item at `from` moved to `to` (both clamped into the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  const target = Math.max(0, Math.min(next.length, to));
  next.splice(target, 0, item as T);
  return next;
}

/** A fresh key for a create form: a double click or a retry sends the same one. */
export const newRequestId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** A positive integer from a route or query value, else NaN. */
export function hallIdOf(value: string | null | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) return Number.NaN;
  const id = Number(value);
  return id > 0 ? id : Number.NaN;
}
