import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LINKED_IMAGE_MSG,
  createLinkedImageInbox,
  linkedImageName,
  prepareLinkedImage,
} from './linked-image';

let server: Server;
let base: string;
let tempDir: string;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({
    create: { width: 1600, height: 800, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  tempDir = await mkdtemp(join(tmpdir(), 'wenyang-linked-'));
  server = createServer((req, res) => {
    if (req.url === '/img/%E9%9D%92%E8%8A%B1.png') {
      res.setHeader('content-type', 'image/png');
      res.end(png);
    } else if (req.url === '/page.html') {
      res.setHeader('content-type', 'text/html');
      res.end('<svg/>');
    } else if (req.url === '/drawing.svg') {
      res.setHeader('content-type', 'image/svg+xml');
      res.end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    } else if (req.url === '/huge.png') {
      res.setHeader('content-type', 'image/png');
      res.end(Buffer.alloc(4096));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(tempDir, { recursive: true, force: true });
});

describe('prepareLinkedImage', () => {
  it('fetches a web image, downsizes it to 1000 px and removes the temporary copy', async () => {
    const result = await prepareLinkedImage(
      { kind: 'url', url: `${base}/img/%E9%9D%92%E8%8A%B1.png` },
      { tempDir },
    );
    expect(result).toMatchObject({
      ok: true,
      image: { name: '青花.png', width: 1000, height: 500 },
    });
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('reads a local image where it is', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wenyang-linked-local-'));
    try {
      await writeFile(join(dir, '花.png'), png);
      const result = await prepareLinkedImage(
        { kind: 'file', path: join(dir, '花.png') },
        { tempDir },
      );
      expect(result).toMatchObject({ ok: true, image: { name: '花.png', width: 1000 } });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses pages, SVG, missing and oversized images with a Chinese reason', async () => {
    const cases: [string, string][] = [
      [`${base}/page.html`, LINKED_IMAGE_MSG.notAnImage],
      [`${base}/drawing.svg`, LINKED_IMAGE_MSG.notAnImage],
      [`${base}/missing.png`, LINKED_IMAGE_MSG.unreachable],
      ['http://127.0.0.1:1/a.png', LINKED_IMAGE_MSG.unreachable],
    ];
    for (const [url, message] of cases) {
      expect(await prepareLinkedImage({ kind: 'url', url }, { tempDir }), url).toMatchObject({
        ok: false,
        message,
      });
    }
    expect(
      await prepareLinkedImage(
        { kind: 'url', url: `${base}/huge.png` },
        { tempDir, maxBytes: 1024 },
      ),
    ).toMatchObject({ ok: false, message: LINKED_IMAGE_MSG.tooBig });
    expect(await readdir(tempDir)).toEqual([]);
  });
});

describe('linkedImageName and the inbox', () => {
  it('names the image after the link, cleaned', () => {
    expect(linkedImageName('https://x.example/a/%E8%8A%B1%3Cb%3E.jpeg?x=1', 'jpg')).toBe(
      '花_b_.jpg',
    );
    expect(linkedImageName('https://x.example/', 'png')).toBe('链接图片.png');
  });

  it('hands the newest image to the window once', () => {
    const arrived: string[] = [];
    const inbox = createLinkedImageInbox((name) => arrived.push(name));
    inbox.put({ ok: false, name: 'a.png', message: 'x' });
    inbox.put({
      ok: true,
      image: { name: 'b.png', data: '', width: 1, height: 1, originalBytes: 1 },
    });
    expect(arrived).toEqual(['a.png', 'b.png']);
    expect(inbox.take()).toMatchObject({ ok: true, image: { name: 'b.png' } });
    expect(inbox.take()).toBeNull();
  });
});
