import { describe, expect, it } from 'vitest';
import { createSandboxSmsSender } from './sms-sender';

describe('sandbox SMS sender', () => {
  it('logs that a message went out without the number or the code in it', async () => {
    const lines: string[] = [];
    const sender = createSandboxSmsSender((line) => lines.push(line));
    await sender.send('13812345678', '【纹样】您的登录验证码是 204816，5 分钟内有效。');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('204816');
    expect(lines[0]).not.toContain('13812345678');
    expect(lines[0]).toContain('登录验证码');
  });
});
