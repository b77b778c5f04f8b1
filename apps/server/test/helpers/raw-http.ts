import { readdir, readlink } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';

export interface RawAnswer {
  /** The status line's code, or null when the server closed without answering. */
  status: number | null;
  text: string;
  /** Whether the server closed the connection. */
  closed: boolean;
}

/**
 * An upload sent by hand over a raw socket (node:net), so the test decides exactly what arrives and when: the
 * head with `contentLength`, then `body`; the caller then holds the connection open, drips the rest or drops it.
 * `answer` settles on a whole answer on a kept connection, or when the server closes it.
 */
export function rawUpload(
  server: { baseUrl: string },
  path: string,
  token: string | undefined,
  options: { boundary: string; body: Buffer; contentLength: number; headers?: Record<string, string> },
): { socket: Socket; answer: Promise<RawAnswer> } {
  const url = new URL(server.baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  const chunks: Buffer[] = [];
  const answer = new Promise<RawAnswer>((resolve) => {
    const finish = (closed: boolean) => {
      const text = Buffer.concat(chunks).toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: match ? Number(match[1]) : null, text, closed });
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // A whole answer on a connection kept open (the body was read to its end): done without the close.
      const text = Buffer.concat(chunks).toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, head));
      if (head >= 0 && length && text.length - head - 4 >= Number(length[1])) {
        if (/\r\nconnection: close/i.test(text.slice(0, head))) return;
        finish(false);
      }
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => {});
  });
  socket.write(
    [
      `POST ${path} HTTP/1.1`,
      `Host: ${url.host}`,
      ...(token ? [`Authorization: Bearer ${token}`] : []),
      ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      `Content-Type: multipart/form-data; boundary=${options.boundary}`,
      `Content-Length: ${options.contentLength}`,
      '',
      '',
    ].join('\r\n'),
  );
  socket.write(options.body);
  return { socket, answer };
}

/** A multipart body: text fields, then one file part; `close` false leaves out the closing boundary. */
export function multipart(
  boundary: string,
  file: { field: string; name: string; type: string; bytes: Buffer },
  fields: Record<string, string> = {},
  close = true,
): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from('\r\n'),
  );
  if (close) parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/** The files under `dir` (none when it does not exist). */
export async function filesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** This process's open file descriptors that point into `dir` (the server runs in the test's process). */
export async function descriptorsInto(dir: string): Promise<number> {
  let n = 0;
  for (const fd of await readdir('/proc/self/fd').catch(() => [] as string[])) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
    if (target.startsWith(dir)) n += 1;
  }
  return n;
}
