import { Value } from '@sinclair/typebox/value';
import type { CallDef, CallResponse } from '@shared/contract/define';

/** Mismatches seen since the last test ended; setup.ts fails the test with the first one. */
const mismatches: string[] = [];

/** Takes the mismatches recorded so far (and forgets them). */
export const takeMockCallMismatches = (): string[] => mismatches.splice(0);

/**
 * A mocked `callApi` answer for `call`, typed by and checked against the call's response schema, so
 * a contract change breaks the tests that mock it. A mismatch throws here and fails the test in
 * afterEach too, since a throw inside a mocked call may only surface as an error state in the UI.
 */
export function mockCall<C extends CallDef>(call: C, response: CallResponse<C>): CallResponse<C> {
  if (!Value.Check(call.response, response)) {
    const first = Value.Errors(call.response, response).First();
    const detail = first ? `${first.path || '/'}: ${first.message}` : 'does not match';
    const message = `mockCall ${call.name}: ${detail}`;
    mismatches.push(message);
    throw new Error(message);
  }
  return response;
}
