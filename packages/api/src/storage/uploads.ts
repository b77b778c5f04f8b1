import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { SNIFF_BYTES, type SniffedType, sniffContentType } from './sniff';

/** The transport limit of one uploaded file (contract: multipart bodies up to 11 MB per file). */
export const UPLOAD_MAX_FILE_BYTES = 11 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  unsupportedType: (allowed: readonly string[]) =>
    `This file type is not supported. Please upload ${describeTypes(allowed)}.`,
  tooLarge: (maxBytes: number) => `Each file must be at most ${Math.floor(maxBytes / (1024 * 1024))} MB.`,
  tooMany: (maxFiles: number) =>
    `Please upload at most ${maxFiles} file${maxFiles === 1 ? '' : 's'} at once.`,
  missing: 'Please choose a file to upload.',
} as const;

function describeTypes(types: readonly string[]): string {
  const names = types.map(
    (t) =>
      ({ 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'application/pdf': 'PDF' })[t] ?? t,
  );
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? 'a file');
}

/**
 * A file a client uploaded, already on local disk (a temporary file the transport deletes after the request),
 * its type sniffed from its bytes. Only the server's upload plumbing makes one: a procedure whose input takes
 * `UploadedFileField` can only be reached with a real upload (JSON can never produce an instance).
 */
export class UploadedFile {
  constructor(
    /** The temporary file on local disk. */
    readonly path: string,
    readonly size: number,
    /** Sniffed from the bytes. */
    readonly contentType: SniffedType,
    /** The client's name for it (display only; never trusted for the type). */
    readonly filename: string,
    /** The multipart field it came in. */
    readonly field: string,
  ) {}
}

export const UploadedFileField = z.instanceof(UploadedFile, { error: UPLOAD_MESSAGES.missing });

export interface ReceiveOptions {
  /** Folder for temporary files (created when missing). */
  tmpDir: string;
  /** Types accepted; anything else is refused with 415. */
  accept: readonly SniffedType[];
  maxBytes?: number;
  filename: string;
  field: string;
  /** Aborting it stops the writing at once and removes the temporary file (a stalled or abandoned upload). */
  signal?: AbortSignal;
}

/** The file's part ended before its bytes did: the body stopped short of its closing boundary, or the client left. */
export const UPLOAD_CUT_SHORT = 'The upload ended before the file was complete. Please try again.';

/** Sniffs the leading bytes as they pass and refuses a type not accepted; counts the bytes against the limit. */
class SniffAndCount extends Transform {
  size = 0;
  type: SniffedType | null = null;
  private head: Buffer[] = [];
  private headBytes = 0;

  constructor(
    private readonly accept: readonly SniffedType[],
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      callback(
        new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_MESSAGES.tooLarge(this.maxBytes) }),
      );
      return;
    }
    if (this.type === null) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes < SNIFF_BYTES) {
        callback();
        return;
      }
      const head = Buffer.concat(this.head);
      this.head = [];
      const refused = this.check(head);
      if (refused) callback(refused);
      else callback(null, head);
      return;
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.type === null) {
      // Shorter than the signature: judge what there is.
      const head = Buffer.concat(this.head);
      const refused = this.check(head);
      if (refused) {
        callback(refused);
        return;
      }
      this.push(head);
    }
    callback();
  }

  private check(head: Buffer): TRPCError | null {
    const type = sniffContentType(head);
    if (!type || !this.accept.includes(type))
      return new TRPCError({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: UPLOAD_MESSAGES.unsupportedType(this.accept),
      });
    this.type = type;
    return null;
  }
}

/**
 * Streams one uploaded file to a temporary file on disk, never holding it in memory, refusing a type not
 * accepted (415) or a file over the limit (413) as soon as the bytes show it. On any failure the temporary file
 * is gone before this rejects.
 */
export async function receiveFile(source: Readable, options: ReceiveOptions): Promise<UploadedFile> {
  const maxBytes = options.maxBytes ?? UPLOAD_MAX_FILE_BYTES;
  options.signal?.throwIfAborted();
  await mkdir(options.tmpDir, { recursive: true });
  const path = join(options.tmpDir, `upload-${randomUUID()}`);
  const sniff = new SniffAndCount(options.accept, maxBytes);
  // The source is piped through a pass-through, so a refusal stops the writing without destroying the source:
  // the transport can still read past the rest of the file and answer the client.
  const pass = new PassThrough();
  // `pipe` passes on neither a destroyed source nor its error: a part cut short (a body that stops before its
  // closing boundary, a client gone) would leave the writing waiting for ever, its file and descriptor open.
  const cutShort = () => {
    if (!source.readableEnded)
      pass.destroy(new TRPCError({ code: 'BAD_REQUEST', message: UPLOAD_CUT_SHORT }));
  };
  source.once('close', cutShort);
  source.once('error', cutShort);
  source.pipe(pass);
  // Destroyed before it reached us (the parser gave up on a body that ended without its closing boundary).
  if (source.destroyed) cutShort();
  const file = createWriteStream(path);
  try {
    await pipeline(pass, sniff, file, options.signal ? { signal: options.signal } : {});
    if (sniff.size === 0 || sniff.type === null)
      throw new TRPCError({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: UPLOAD_MESSAGES.unsupportedType(options.accept),
      });
  } catch (error) {
    source.unpipe(pass);
    // fs opens the file asynchronously, and a pipeline that fails at once (the first bytes over the limit) answers
    // before the open is done: removed then, the file was made again by the open and left behind. Removed once the
    // stream has closed (it always closes: destroyed by the pipeline, or ended).
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
    await rm(path, { force: true });
    throw options.signal?.aborted ? options.signal.reason : error;
  } finally {
    source.off('close', cutShort);
    source.off('error', cutShort);
  }
  return new UploadedFile(path, sniff.size, sniff.type, options.filename, options.field);
}

/** Deletes the temporary files of a request (the transport calls it when the request is done, whatever happened). */
export async function discardUploads(files: readonly UploadedFile[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}
