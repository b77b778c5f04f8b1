import { createHmac, timingSafeEqual } from 'node:crypto';
import { deals, type Executor, whatsappInbound, whatsappMessages, whatsappNumbers } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Context } from '../context';
import { sendWhatsapp, textMessage, type WhatsappConfig } from './client';
import { ONE_TAP_TTL_MS, signOneTap } from './links';
import { optOutNumber } from './numbers';
import { MetaWebhook } from './schemas';
import { applyPendingStatuses, applyStatus } from './statuses';

/** Replies that opt a number out of everything (Meta's and India's usual words). */
const STOP_WORDS = new Set(['STOP', 'UNSUBSCRIBE', 'STOP ALL', 'OPT OUT', 'बंद', 'रोकें', 'थांबवा']);

function config(ctx: Pick<Context, 'services'>): WhatsappConfig {
  const whatsapp = ctx.services.config.whatsapp;
  // Without the settings the endpoint is not there (nothing can be verified).
  if (!whatsapp)
    throw new TRPCError({ code: 'NOT_FOUND', message: 'WhatsApp is not connected on this server.' });
  return whatsapp;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Meta's subscription handshake: the challenge back when the verify token matches, 403 otherwise. */
export function handshake(
  ctx: Pick<Context, 'services'>,
  input: { mode?: string; token?: string; challenge?: string },
): { challenge: string } {
  const whatsapp = config(ctx);
  if (
    input.mode !== 'subscribe' ||
    !input.token ||
    !input.challenge ||
    !sameText(input.token, whatsapp.verifyToken)
  ) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'The verify token does not match.' });
  }
  return { challenge: input.challenge };
}

/** `X-Hub-Signature-256: sha256=<hex>` checked against the raw body with the app secret, in constant time. */
export function validSignature(appSecret: string, rawBody: string, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody, 'utf8').digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Meta's `messages` webhook: the signature is checked before the body is read (a forged or unsigned one is 401 and
 * changes nothing); then status callbacks update the messages' delivery states, and inbound messages (each applied
 * once, by Meta's message id) opt out on STOP or answer a quick reply with the deal's one-tap link.
 */
export async function handleWebhook(
  ctx: Pick<Context, 'services'>,
  input: { rawBody: string; signature?: string },
): Promise<{ received: boolean }> {
  const whatsapp = config(ctx);
  if (!validSignature(whatsapp.appSecret, input.rawBody, input.signature)) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'The webhook signature is not valid.' });
  }
  let parsed: MetaWebhook;
  try {
    parsed = MetaWebhook.parse(JSON.parse(input.rawBody));
  } catch {
    // Signed by Meta but not a shape read here: acknowledged, so Meta does not resend it for days.
    ctx.services.logger.warn({}, 'WhatsApp webhook of an unknown shape ignored');
    return { received: true };
  }
  const db = ctx.services.database.db;
  const now = new Date();
  for (const entry of parsed.entry ?? []) {
    for (const change of entry.changes ?? []) {
      for (const status of change.value?.statuses ?? []) await applyStatus(db, status, now);
      for (const message of change.value?.messages ?? []) await applyInbound(ctx, whatsapp, message, now);
    }
  }
  return { received: true };
}

interface Inbound {
  id: string;
  from: string;
  type?: string;
  text?: { body: string };
  button?: { payload?: string; text?: string };
  interactive?: { button_reply?: { id: string; title?: string } };
}

async function applyInbound(
  ctx: Pick<Context, 'services'>,
  whatsapp: WhatsappConfig,
  message: Inbound,
  now: Date,
): Promise<void> {
  const db = ctx.services.database.db;
  const from = message.from.replace(/\D/g, '');
  const payload = message.button?.payload ?? message.interactive?.button_reply?.id;
  const text = message.text?.body.trim().toUpperCase();
  const kind = payload ? 'button' : text && STOP_WORDS.has(text) ? 'stop' : 'other';
  // One transaction per message: its id is recorded with what it did, so a replay (Meta resends until it gets a
  // 200) finds the id and does nothing; a reply that could not be sent rolls the id back for Meta's retry.
  const sent = await db.transaction(async (tx): Promise<string | null> => {
    const [fresh] = await tx
      .insert(whatsappInbound)
      .values({ messageId: message.id, fromNumber: from, kind, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: whatsappInbound.messageId });
    if (!fresh) return null;
    if (kind === 'stop') {
      await optOutNumber(tx, from, now);
      return null;
    }
    if (kind === 'button' && payload) return answerButton(ctx, tx, whatsapp, from, payload, now);
    return null;
  });
  // The reply's row is committed: statuses Meta sent for it before then apply now.
  if (sent) await applyPendingStatuses(db, sent);
}

/**
 * A quick reply (Accept or View): never acts. It answers, inside the 24-hour window the press opened, with the
 * deal's one-tap link, Accept's opening the page with the accept dialog ready.
 */
async function answerButton(
  ctx: Pick<Context, 'services'>,
  tx: Executor,
  whatsapp: WhatsappConfig,
  from: string,
  payload: string,
  now: Date,
): Promise<string | null> {
  const match = /^(accept|view):([0-9a-f-]{36})$/.exec(payload);
  if (!match) return null;
  const [, reply, dealId] = match;
  const [number] = await tx
    .select()
    .from(whatsappNumbers)
    .where(and(eq(whatsappNumbers.phoneNumber, from), isNotNull(whatsappNumbers.confirmedAt)))
    .limit(1);
  if (!number) return null;
  const [deal] = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(
      and(
        eq(deals.id, dealId!),
        or(eq(deals.proposerId, number.userId), eq(deals.counterpartyId, number.userId)),
      ),
    )
    .limit(1);
  if (!deal) return null;
  const token = signOneTap(ctx.services.config.whatsappLinkSecret, {
    userId: number.userId,
    dealId: deal.id,
    dialog: reply === 'accept' ? 'accept' : null,
    expiresAt: new Date(now.getTime() + ONE_TAP_TTL_MS),
  });
  const link = `${ctx.services.config.appUrl.replace(/\/+$/, '')}/w/${token}`;
  const words =
    reply === 'accept' ? `Open the deal to review it and accept: ${link}` : `Open the deal: ${link}`;
  const { wamid } = await sendWhatsapp(whatsapp, textMessage(from, words));
  await tx.insert(whatsappMessages).values({
    wamid,
    userId: number.userId,
    phoneNumber: from,
    template: `reply_${reply}`,
    language: 'en',
    dealId: deal.id,
    createdAt: now,
    statusAt: now,
  });
  return wamid;
}
