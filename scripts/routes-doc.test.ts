import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRoutesDoc } from './routes-doc';

describe('docs/routes.md', () => {
  it('matches the route table (run npm run docs:routes after changing routes)', () => {
    expect(readFileSync('docs/routes.md', 'utf8')).toBe(renderRoutesDoc());
  });
});
