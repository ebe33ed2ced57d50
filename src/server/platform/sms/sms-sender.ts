/** Sends a text message to a mainland phone number. */
export type SmsSender = {
  /** True for the sandbox, whose codes may be shown to testers outside production. */
  readonly sandbox: boolean;
  send(phone: string, text: string): Promise<void>;
};

/** The default: no message leaves the machine; the text goes to the server log. */
export function createSandboxSmsSender(log: (line: string) => void): SmsSender {
  return {
    sandbox: true,
    async send(phone, text) {
      log(`[沙箱短信] ${phone.slice(0, 3)}****${phone.slice(7)}：${text}`);
    },
  };
}
