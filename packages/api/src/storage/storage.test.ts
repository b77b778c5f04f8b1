import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import { sniffContentType } from './sniff';
import { type FileStorage, isValidKey, keyFromPublicUrl, publicUrl } from './storage';
import { receiveFile } from './uploads';

/** A minimal S3 stand-in (path-style PUT/GET/HEAD/DELETE) that records what it was sent. */
function startFakeS3(): Promise<{
  server: Server;
  url: string;
  objects: Map<string, { body: Buffer; type: string }>;
}> {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const path = decodeURIComponent(url.pathname);
    const object = objects.get(path);
    if (request.method === 'GET' && url.searchParams.get('list-type') === '2') {
      // ListObjectsV2, two keys a page, so that paging is exercised.
      const prefix = `${path.replace(/\/$/, '')}/${url.searchParams.get('prefix') ?? ''}`;
      const keys = [...objects.keys()].filter((key) => key.startsWith(prefix)).sort();
      const start = Number(url.searchParams.get('continuation-token') ?? 0);
      const page = keys.slice(start, start + 2);
      const more = start + 2 < keys.length;
      const bucket = path.replace(/\/$/, '');
      response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>${more}</IsTruncated>${page
            .map(
              (key) =>
                `<Contents><Key>${key.slice(bucket.length + 1)}</Key><LastModified>2026-01-02T03:04:05.000Z</LastModified></Contents>`,
            )
            .join(
              '',
            )}${more ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : ''}</ListBucketResult>`,
        );
      return;
    }
    if (request.method === 'PUT') {
      objects.set(path, { body: await read(request), type: String(request.headers['content-type']) });
      response.writeHead(200, { ETag: '"x"' }).end();
    } else if (request.method === 'DELETE') {
      objects.delete(path);
      response.writeHead(204).end();
    } else if (!object) {
      response
        .writeHead(404, { 'content-type': 'application/xml' })
        .end(
          request.method === 'HEAD'
            ? undefined
            : '<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>',
        );
    } else {
      response.writeHead(200, { 'content-type': object.type, 'content-length': object.body.length });
      response.end(request.method === 'HEAD' ? undefined : object.body);
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, objects }),
    ),
  );
}

/** Every key under a prefix, as the sweeper reads them. */
async function listed(storage: FileStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) {
    expect(object.modifiedAt).toBeInstanceOf(Date);
    keys.push(object.key);
  }
  return keys.sort();
}

async function listing(storage: FileStorage) {
  for (const key of ['proofs/a/1.pdf', 'proofs/a/2.pdf', 'proofs/b/3.pdf', 'proofsx/4.pdf', 'public/5.webp'])
    await storage.put(key, Buffer.from('x'), { contentType: 'application/pdf' });
  expect(await listed(storage, 'proofs/')).toEqual(['proofs/a/1.pdf', 'proofs/a/2.pdf', 'proofs/b/3.pdf']);
  expect(await listed(storage, 'nothing/')).toEqual([]);
}

async function roundTrip(storage: FileStorage) {
  await storage.put('public/a/b.webp', Buffer.from('hello'), { contentType: 'image/webp' });
  await storage.put('private/doc.pdf', Readable.from([Buffer.from('%PDF-'), Buffer.from('1.7')]), {
    contentType: 'application/pdf',
    size: 8,
  });
  const got = await storage.get('public/a/b.webp');
  expect(got?.contentType).toBe('image/webp');
  expect(got?.size).toBe(5);
  expect(await text(got!.body)).toBe('hello');
  expect(await text((await storage.get('private/doc.pdf'))!.body)).toBe('%PDF-1.7');
  expect(await storage.exists('public/a/b.webp')).toBe(true);
  await storage.delete('public/a/b.webp');
  await storage.delete('public/a/b.webp');
  expect(await storage.get('public/a/b.webp')).toBeNull();
  expect(await storage.exists('public/a/b.webp')).toBe(false);
  await expect(storage.put('../escape.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
    /Invalid storage key/,
  );
}

describe('file storage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'barterads-storage-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('local disk: put, get, delete, and keys that cannot leave the folder', async () => {
    await roundTrip(createLocalStorage(join(dir, 'local')));
  });

  it('lists the objects under a prefix, on disk and in a bucket (pages followed)', async () => {
    await listing(createLocalStorage(join(dir, 'listing')));
    const fake = await startFakeS3();
    try {
      await listing(
        createS3Storage({
          endpoint: fake.url,
          bucket: 'media',
          accessKeyId: 'key',
          secretAccessKey: 'secret',
        }),
      );
    } finally {
      fake.server.close();
    }
  });

  it('local disk: a stream that fails half-way leaves no object and no partial file', async () => {
    const storage = createLocalStorage(join(dir, 'failing'));
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('public/x.webp', failing, { contentType: 'image/webp' })).rejects.toThrow(
      /connection reset/,
    );
    expect(await storage.exists('public/x.webp')).toBe(false);
    expect(await readdir(join(dir, 'failing', '.partial'))).toEqual([]);
  });

  it('S3-compatible: the same operations over HTTP, path-style, with the content type kept', async () => {
    const fake = await startFakeS3();
    try {
      const storage = createS3Storage({
        endpoint: fake.url,
        bucket: 'media',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
      });
      await storage.put('public/photo.webp', Buffer.from('webp-bytes'), { contentType: 'image/webp' });
      expect(fake.objects.get('/media/public/photo.webp')).toEqual({
        body: Buffer.from('webp-bytes'),
        type: 'image/webp',
      });
      await roundTrip(storage);
      await expect(
        storage.put('public/s.webp', Readable.from(['x']), { contentType: 'image/webp' }),
      ).rejects.toThrow(/size/);
    } finally {
      fake.server.close();
    }
  });

  it('public URLs map to keys and back; only well-formed keys', () => {
    expect(publicUrl('public/listings/1/a-320.webp')).toBe('/files/public/listings/1/a-320.webp');
    expect(keyFromPublicUrl('/files/public/listings/1/a-320.webp')).toBe('public/listings/1/a-320.webp');
    expect(keyFromPublicUrl('https://example.com/x.jpg')).toBeNull();
    expect(() => publicUrl('private/x.pdf')).toThrow();
    for (const bad of ['', '/abs', 'a//b', 'a/../b', '.hidden', 'a/./b', 'a b'])
      expect(isValidKey(bad), bad).toBe(false);
  });
});

describe('content sniffing', () => {
  it('tells the accepted types by their first bytes', () => {
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0, 0]))).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\0', 'latin1'))).toBe('image/png');
    expect(sniffContentType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffContentType(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffContentType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffContentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffContentType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });

  it('receiveFile refuses a type not accepted even when it arrives a byte at a time, leaving no file', async () => {
    const tmp = await mkdtemp(join(tmpdir(), 'barterads-recv-'));
    try {
      const bytes = [...Buffer.from('%PDF-1.7 hello')].map((b) => Buffer.from([b]));
      await expect(
        receiveFile(Readable.from(bytes), {
          tmpDir: tmp,
          accept: ['image/png'],
          filename: 'a.png',
          field: 'file',
        }),
      ).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      const ok = await receiveFile(Readable.from(bytes), {
        tmpDir: tmp,
        accept: ['application/pdf'],
        filename: 'a.pdf',
        field: 'file',
      });
      expect(ok.contentType).toBe('application/pdf');
      expect(ok.size).toBe(14);
      await expect(
        receiveFile(Readable.from([Buffer.from('%PDF-'), Buffer.alloc(100)]), {
          tmpDir: tmp,
          accept: ['application/pdf'],
          maxBytes: 50,
          filename: 'a.pdf',
          field: 'file',
        }),
      ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(await readdir(tmp)).toEqual([ok.path.split('/').at(-1)]);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });
});
