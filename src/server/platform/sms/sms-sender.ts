/** Sends a text message to a mainland phone number. */
export type SmsSender = {
  /** True for the sandbox, whose codes may be shown to testers outside production. */
  readonly sandbox: boolean;
  send(phone: string, text: string): Promise<void>;
};

/** Digit runs of four or more (codes) as they appear in a log line: never written out. */
export const maskCodes = (text: string): string =>
  text.replace(/\d{4,}/g, (d) => '*'.repeat(d.length));

/**
 * The default: no message leaves the machine. The log says a message was "sent", with the number
 * and any code masked: a code is read on the account page by a tester on this machine, never in logs.
 */
export function createSandboxSmsSender(log: (line: string) => void): SmsSender {
  return {
    sandbox: true,
    async send(phone, text) {
      log(`[沙箱短信] ${phone.slice(0, 3)}****${phone.slice(7)}：${maskCodes(text)}`);
    },
  };
}
