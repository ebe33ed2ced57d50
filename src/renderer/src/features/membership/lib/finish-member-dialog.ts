/** What the member dialog reports when it closes. */
export type MemberDialogOutcome = {
  paid: boolean;
  payOrderNo: string;
  /** The new membership end, ms; 0 when not paid. */
  vipEndTime: number;
};

/** The message type the designer-tool frame listens for. */
export const MEMBER_RESULT_MESSAGE = 'wenyang:member-pay-result';

/** The window, or a stand-in in tests. */
export type DialogHost = {
  parent: { postMessage: (message: unknown, targetOrigin: string) => void } | null;
  location: { reload: () => void };
};

/**
 * §4 On close the page reloads, or, inside the designer-tool frame (window.parent ≠ window), the
 * frame's parent is sent the result instead. The message holds no secret (paid, order number,
 * expiry), so any parent origin may read it: the designer tool is served from its own host.
 */
export function finishMemberDialog(outcome: MemberDialogOutcome, host: DialogHost = window): void {
  if (host.parent && (host.parent as unknown) !== host) {
    host.parent.postMessage({ type: MEMBER_RESULT_MESSAGE, ...outcome }, '*');
    return;
  }
  host.location.reload();
}
