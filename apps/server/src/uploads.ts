import {
  discardUploads,
  receiveFile,
  type SniffedType,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MESSAGES,
  UploadedFile,
} from '@barterads/api';
import fastifyMultipart from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UploadPace } from './settings';

/** What one upload endpoint accepts. */
export interface UploadRule {
  /** The multipart field(s) files may come in. */
  fileFields: readonly string[];
  /** Files per request (more answer 413). */
  maxFiles: number;
  /** Types accepted by content (anything else answers 415). */
  accept: readonly SniffedType[];
  /** Bytes per file (default and at most the contract's 11 MB). */
  maxBytes?: number;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** Text fields of a multipart body: how many and how long. */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;
/** Boundaries and part headers beside the files and fields. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The largest body an upload row can ever accept: a longer declared Content-Length is refused unread (413). */
export function maxUploadBody(rule: UploadRule): number {
  const perFile = Math.min(rule.maxBytes ?? UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILE_BYTES);
  return rule.maxFiles * perFile + MAX_FIELDS * MAX_FIELD_BYTES + MULTIPART_OVERHEAD_BYTES;
}

export const UPLOAD_STALLED = 'The upload stopped arriving. Please check your connection and try again.';
export const UPLOAD_TOO_SLOW = 'The upload arrived too slowly. Please try again on a better connection.';

/** The client went away part-way through: nobody is left to read the answer (499, logged as a client error). */
const clientGone = () =>
  new TRPCError({ code: 'CLIENT_CLOSED_REQUEST', message: 'The connection closed during the upload.' });

/**
 * Watches a request body while it arrives, without reading it (the multipart parser does): aborts when no byte
 * came for `pace.idleMs` (408), when the whole body has not come by its deadline (408: `pace.idleMs` plus the
 * declared length at `pace.minBytesPerSecond`), or at once when the client leaves before the body is complete.
 * Progress is the socket's byte count, read a few times per idle period.
 */
function watchBody(request: FastifyRequest, pace: UploadPace, expectedBytes: number) {
  const raw = request.raw;
  const socket = raw.socket;
  const controller = new AbortController();
  const started = Date.now();
  const deadline = started + pace.idleMs + (expectedBytes / pace.minBytesPerSecond) * 1000;
  let lastBytes = socket?.bytesRead ?? 0;
  let lastProgress = started;
  const stop = (reason: unknown) => {
    if (!controller.signal.aborted) controller.abort(reason);
    clear();
  };
  const check = () => {
    if (raw.complete) return clear();
    const now = Date.now();
    const bytes = socket?.bytesRead ?? 0;
    if (bytes !== lastBytes) {
      lastBytes = bytes;
      lastProgress = now;
    }
    if (now >= deadline) stop(new TRPCError({ code: 'TIMEOUT', message: UPLOAD_TOO_SLOW }));
    else if (now - lastProgress >= pace.idleMs)
      stop(new TRPCError({ code: 'TIMEOUT', message: UPLOAD_STALLED }));
  };
  const gone = () => {
    if (!raw.complete) stop(clientGone());
  };
  const timer = setInterval(check, Math.max(25, Math.min(1_000, Math.floor(pace.idleMs / 4))));
  raw.once('close', gone);
  raw.once('aborted', gone);
  socket?.once('close', gone);
  function clear() {
    clearInterval(timer);
    raw.off('close', gone);
    raw.off('aborted', gone);
    socket?.off('close', gone);
  }
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  // Nobody may be awaiting it when the body completes normally.
  stopped.catch(() => {});
  if ((raw.destroyed || socket?.destroyed) && !raw.complete) stop(clientGone());
  return {
    signal: controller.signal,
    /** `work`, or the reason the body stopped arriving, whichever comes first. */
    race<T>(work: Promise<T>): Promise<T> {
      return Promise.race([work, stopped]);
    },
    clear,
  };
}

/**
 * Registers multipart parsing on an encapsulated scope: only routes registered inside it accept
 * `multipart/form-data` (every other route keeps refusing it with 415).
 */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyMultipart, {
    limits: {
      fileSize: UPLOAD_MAX_FILE_BYTES,
      files: 20,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: 60,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });
}

/** Reads and drops the rest of a file part (busboy moves on to the next part only once it is read). */
async function drain(
  stream: NodeJS.ReadableStream & { readableEnded: boolean; destroyed: boolean },
): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return;
  await new Promise<void>((resolve) => {
    stream.once('end', () => resolve());
    stream.once('close', () => resolve());
    stream.once('error', () => resolve());
    stream.resume();
  });
}

const tooLarge = (maxBytes: number) =>
  new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_MESSAGES.tooLarge(maxBytes) });

/** The plugin's own refusals as the API's errors (they carry Fastify codes, not ours). */
function translate(error: unknown, rule: UploadRule): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(rule.maxBytes ?? UPLOAD_MAX_FILE_BYTES);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_MESSAGES.tooMany(rule.maxFiles) });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Please send multipart/form-data.' });
  if (
    code === 'FST_PROTO_VIOLATION' ||
    (error instanceof Error && /multipart|boundary|terminated early/i.test(error.message))
  )
    return new TRPCError({ code: 'BAD_REQUEST', message: 'Malformed multipart body.' });
  return error;
}

/**
 * Reads a multipart body: each file streamed to a temporary file as it arrives (never whole in memory), its
 * type sniffed from the first bytes (415 when not accepted), its size counted (413 past the limit), text fields
 * kept. A declared length no row could accept is refused unread (413); a body that stops arriving or arrives too
 * slowly is refused (408, see watchBody), one that ends before its closing boundary too (400), and one whose
 * client leaves is dropped at once. On any failure every temporary file of the request is deleted before this
 * rejects; on success the caller deletes them with `discardUploads` when it is done.
 */
export async function readMultipart(
  request: FastifyRequest,
  rule: UploadRule,
  tmpDir: string,
  pace: UploadPace,
): Promise<MultipartBody> {
  if (!request.isMultipart())
    throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Please send multipart/form-data.' });
  const maxBytes = Math.min(rule.maxBytes ?? UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILE_BYTES);
  const maxBody = maxUploadBody(rule);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBody) throw tooLarge(maxBytes);
  const watch = watchBody(request, pace, Number.isFinite(declared) && declared > 0 ? declared : maxBody);
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  let refusal: unknown;
  /** The file being written now: on a stop, its removal is awaited before this answers. */
  let receiving: Promise<unknown> | undefined;
  const parts = request.parts()[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await watch.race(parts.next());
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      // After a refusal, keep reading (and dropping) the rest, so the client gets the answer it can read.
      if (refusal || !rule.fileFields.includes(part.fieldname) || files.length >= rule.maxFiles) {
        if (!refusal && !rule.fileFields.includes(part.fieldname))
          refusal = new TRPCError({
            code: 'BAD_REQUEST',
            message: `Unexpected file field "${part.fieldname}".`,
          });
        else if (!refusal)
          refusal = new TRPCError({
            code: 'PAYLOAD_TOO_LARGE',
            message: UPLOAD_MESSAGES.tooMany(rule.maxFiles),
          });
        await watch.race(drain(part.file));
        continue;
      }
      try {
        receiving = receiveFile(part.file, {
          tmpDir,
          accept: rule.accept,
          maxBytes,
          filename: part.filename,
          field: part.fieldname,
          signal: watch.signal,
        });
        const file = (await watch.race(receiving)) as UploadedFile;
        files.push(file);
        if (part.file.truncated) refusal = tooLarge(maxBytes);
      } catch (error) {
        if (watch.signal.aborted) throw error;
        refusal = error;
        await watch.race(drain(part.file));
      }
    }
  } catch (error) {
    refusal = watch.signal.aborted ? watch.signal.reason : (refusal ?? translate(error, rule));
  } finally {
    watch.clear();
    // A stopped body: the file being written is removed (its writing aborted) before the answer.
    await receiving?.catch(() => {});
  }
  if (refusal) {
    await discardUploads(files);
    throw translate(refusal, rule);
  }
  return { fields, files };
}

/**
 * After an upload refused before its body was read to the end (too large, stalled, too slow, cut short, or any
 * refusal before reading), the answer closes the connection: the unread rest would otherwise be read and thrown
 * away, or waited for for ever when it never comes.
 */
export function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  if (request.raw.complete) return;
  reply.header('connection', 'close');
  reply.raw.once('finish', () => request.raw.socket?.destroy());
}

export { discardUploads, UploadedFile };
