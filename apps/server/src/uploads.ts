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
import type { FastifyInstance, FastifyRequest } from 'fastify';

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
 * kept. On any failure every temporary file of the request is deleted before this rejects; on success the
 * caller deletes them with `discardUploads` when it is done.
 */
export async function readMultipart(
  request: FastifyRequest,
  rule: UploadRule,
  tmpDir: string,
): Promise<MultipartBody> {
  if (!request.isMultipart())
    throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Please send multipart/form-data.' });
  const maxBytes = Math.min(rule.maxBytes ?? UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILE_BYTES);
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  let refusal: unknown;
  try {
    for await (const part of request.parts()) {
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
        await drain(part.file);
        continue;
      }
      try {
        const file = await receiveFile(part.file, {
          tmpDir,
          accept: rule.accept,
          maxBytes,
          filename: part.filename,
          field: part.fieldname,
        });
        files.push(file);
        if (part.file.truncated) refusal = tooLarge(maxBytes);
      } catch (error) {
        refusal = error;
        await drain(part.file);
      }
    }
  } catch (error) {
    refusal ??= translate(error, rule);
  }
  if (refusal) {
    await discardUploads(files);
    throw translate(refusal, rule);
  }
  return { fields, files };
}

export { discardUploads, UploadedFile };
