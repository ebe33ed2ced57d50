import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal } from './journal';

type Item = { id: string; state: string };
const parse = (value: unknown): Item | null => {
  const v = value as Partial<Item> | null;
  return typeof v?.id === 'string' && typeof v.state === 'string'
    ? { id: v.id, state: v.state }
    : null;
};

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wenyang-journal-'));
  file = join(dir, 'queue.jsonl');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('upload queue journal', () => {
  it('gives back the latest state of every item, oldest first, after a restart', async () => {
    const first = await openJournal<Item>({ file, parse });
    expect(first.items).toEqual([]);
    first.journal.put({ id: 'a', state: 'queued' });
    first.journal.put({ id: 'b', state: 'queued' });
    first.journal.put({ id: 'a', state: 'uploaded' });
    first.journal.put({ id: 'c', state: 'queued' });
    first.journal.remove('c');
    await first.journal.close();

    const second = await openJournal<Item>({ file, parse });
    expect(second.items).toEqual([
      { id: 'a', state: 'uploaded' },
      { id: 'b', state: 'queued' },
    ]);
    expect(second.skippedLines).toBe(0);
    await second.journal.close();
  });

  it('has the change on disk once flush resolves (what a kill -9 leaves behind)', async () => {
    const { journal } = await openJournal<Item>({ file, parse });
    journal.put({ id: 'a', state: 'uploading' });
    await journal.flush();
    // Read without closing: the file as a crash would leave it.
    expect(await readFile(file, 'utf8')).toContain('"state":"uploading"');
    await journal.close();
  });

  it('ignores a line torn by a crash and appends cleanly after it', async () => {
    const first = await openJournal<Item>({ file, parse });
    first.journal.put({ id: 'a', state: 'uploaded' });
    await first.journal.close();
    await appendFile(file, '{"op":"put","item":{"id":"b","sta');

    const second = await openJournal<Item>({ file, parse });
    expect(second.items).toEqual([{ id: 'a', state: 'uploaded' }]);
    expect(second.skippedLines).toBe(1);
    second.journal.put({ id: 'c', state: 'queued' });
    await second.journal.close();

    const third = await openJournal<Item>({ file, parse });
    expect(third.items.map((i) => i.id)).toEqual(['a', 'c']);
    expect(third.skippedLines).toBe(0);
    await third.journal.close();
  });

  it('skips a damaged or foreign line in the middle and keeps the rest', async () => {
    await writeFile(
      file,
      [
        '{"op":"put","item":{"id":"a","state":"queued"}}',
        'garbage',
        '{"op":"put","item":{"id":"b"}}',
        '{"op":"put","item":{"id":"c","state":"queued"}}',
        '',
      ].join('\n'),
    );
    const { items, skippedLines, journal } = await openJournal<Item>({ file, parse });
    expect(items.map((i) => i.id)).toEqual(['a', 'c']);
    expect(skippedLines).toBe(2);
    await journal.close();
  });

  it('compacts itself, so a long-running queue does not grow the file without end', async () => {
    const { journal } = await openJournal<Item>({ file, parse, compactSlack: 50 });
    for (let round = 0; round < 40; round += 1) {
      for (const id of ['a', 'b', 'c']) journal.put({ id, state: `s${round}` });
      await journal.flush();
    }
    expect(journal.lineCount).toBeLessThanOrEqual(3 + 50 + 3);
    await journal.close();
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(56);
    const { items, journal: again } = await openJournal<Item>({ file, parse });
    expect(items).toEqual([
      { id: 'a', state: 's39' },
      { id: 'b', state: 's39' },
      { id: 'c', state: 's39' },
    ]);
    await again.close();
  });
});
