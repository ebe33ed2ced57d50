import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Mock } from 'vitest';
import type { CallDef } from '@shared/contract/define';

/** What a mocked `callApi` was asked for one call, in order. */
export const requestsOf = (callApi: Mock, call: CallDef): unknown[] =>
  callApi.mock.calls
    .filter((args: unknown[]) => args[0] === call)
    .map((args: unknown[]) => args[1]);

/** userEvent without the pointer-events check: jsdom's getComputedStyle is slow with antd's styles. */
export const fastUser = () =>
  userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
