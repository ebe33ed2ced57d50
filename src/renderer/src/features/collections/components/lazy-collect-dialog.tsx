import type { ComponentProps } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';
import type { CollectDialog as CollectDialogComponent } from './collect-dialog';

/** The collect dialog, loaded when it is first opened: the work detail does not pay for it. */
export const CollectDialog = lazyComponent<ComponentProps<typeof CollectDialogComponent>>(() =>
  import('./collect-dialog').then((m) => m.CollectDialog),
);
