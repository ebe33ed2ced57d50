import type { ComponentProps } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';
import type { ComplaintForm as ComplaintFormComponent } from './complaint-form';

/** The complaint form, loaded when its dialog first opens: the work detail does not pay for it. */
export const ComplaintForm = lazyComponent<ComponentProps<typeof ComplaintFormComponent>>(() =>
  import('./complaint-form').then((m) => m.ComplaintForm),
);
