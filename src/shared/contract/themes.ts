import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/** A theme as lists and cards show it. */
export const ThemeCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  coverUrl: Type.String(),
  workCount: Type.Integer(),
  isHot: Type.Boolean(),
});
export type ThemeCard = Static<typeof ThemeCard>;
