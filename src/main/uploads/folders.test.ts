import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FOLDERS_FILE, openFolderStore, parseFolderDefaults } from './folders';

const ANNA = { userId: 1, caiHongID: '80000001', name: '设计师甲' };
const BO = { userId: 2, caiHongID: '80000002', name: '设计师乙' };

let dir: string;
let userData: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wenyang-folders-'));
  userData = join(dir, 'userData');
  await mkdir(join(dir, '花型', '春季'), { recursive: true });
  await mkdir(join(dir, '素材'), { recursive: true });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('watched folders', () => {
  it('keeps folders and their default metadata across restarts', async () => {
    const store = await openFolderStore(userData);
    const folder = await store.add(join(dir, '花型'), ANNA);
    expect(folder).toMatchObject({ name: '花型', defaults: { categoryId: null, tags: [] } });
    await store.update(folder.id, {
      categoryId: 3,
      series: ' 春季新品 ',
      classification: '碎花',
      priceFen: 19_900,
      tags: ['碎花', '春季', '碎花'],
    });
    const again = await openFolderStore(userData);
    expect(again.list()).toEqual([
      {
        ...folder,
        defaults: {
          categoryId: 3,
          series: '春季新品',
          classification: '碎花',
          priceFen: 19_900,
          tags: ['碎花', '春季'],
        },
      },
    ]);
    await again.remove(folder.id);
    expect((await openFolderStore(userData)).list()).toEqual([]);
  });

  it('refuses the same folder twice, one inside another, a file and a missing folder', async () => {
    const store = await openFolderStore(userData);
    await store.add(join(dir, '花型'), ANNA);
    await expect(store.add(join(dir, '花型'), ANNA)).rejects.toThrow('该文件夹已在上传列表中');
    await expect(store.add(join(dir, '花型', '春季'), ANNA)).rejects.toThrow(/重叠/);
    await expect(store.add(dir, ANNA)).rejects.toThrow(/重叠/);
    await writeFile(join(dir, 'a.png'), 'x');
    await expect(store.add(join(dir, 'a.png'), ANNA)).rejects.toThrow('请选择文件夹，而不是文件');
    await expect(store.add(join(dir, 'missing'), ANNA)).rejects.toThrow('文件夹不存在或无法访问');
    await expect(store.add('relative/path', ANNA)).rejects.toThrow('请选择一个文件夹');
    await expect(store.add(join(dir, '素材'), ANNA)).resolves.toMatchObject({ name: '素材' });
  });
});

describe('who a watched folder belongs to', () => {
  it('keeps the account that added a folder, and a move to another account, across restarts', async () => {
    const store = await openFolderStore(userData);
    const folder = await store.add(join(dir, '花型'), ANNA);
    expect((await openFolderStore(userData)).get(folder.id)?.owner).toEqual(ANNA);
    await store.setOwner(folder.id, BO);
    expect((await openFolderStore(userData)).get(folder.id)?.owner).toEqual(BO);
  });

  it('gives folders saved before owners were recorded to the first account signed in, only', async () => {
    await mkdir(userData, { recursive: true });
    const legacy = { id: 'old', path: join(dir, '花型'), defaults: {}, addedAt: 1 };
    await writeFile(
      join(userData, FOLDERS_FILE),
      JSON.stringify({ version: 1, folders: [legacy] }),
    );
    const store = await openFolderStore(userData);
    expect(store.get('old')?.owner).toBeNull();
    expect(await store.adopt(BO)).toEqual(['old']);
    expect(await store.adopt(ANNA)).toEqual([]);
    expect((await openFolderStore(userData)).get('old')?.owner).toEqual(BO);
  });

  it('brings an owner’s name up to date when that account signs in again', async () => {
    const store = await openFolderStore(userData);
    const folder = await store.add(join(dir, '花型'), ANNA);
    await store.adopt({ ...ANNA, name: '甲工作室' });
    await store.adopt(BO);
    expect((await openFolderStore(userData)).get(folder.id)?.owner).toEqual({
      ...ANNA,
      name: '甲工作室',
    });
  });
});

describe('parseFolderDefaults', () => {
  it('refuses a price that is not whole fen, a bad category and too many tags', () => {
    expect(() => parseFolderDefaults({ priceFen: 12.5 })).toThrow('价格不正确');
    expect(() => parseFolderDefaults({ priceFen: -1 })).toThrow('价格不正确');
    expect(() => parseFolderDefaults({ categoryId: 'x' })).toThrow('品类不正确');
    expect(() =>
      parseFolderDefaults({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }),
    ).toThrow('标签最多 20 个');
    expect(() => parseFolderDefaults({ series: 'x'.repeat(31) })).toThrow('系列不能超过 30 个字');
    expect(() => parseFolderDefaults(null)).toThrow('默认信息格式不正确');
    expect(parseFolderDefaults({})).toEqual({
      categoryId: null,
      series: '',
      classification: '',
      priceFen: null,
      tags: [],
    });
  });
});
