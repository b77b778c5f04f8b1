import { authedProcedure, publicProcedure, router } from '../trpc';
import { confirmWhatsapp, updateWhatsapp, whatsappState } from './numbers';
import { openOneTap } from './one-tap';
import {
  ConfirmWhatsappInput,
  HandshakeInput,
  OneTapInput,
  OneTapResult,
  UpdateWhatsappInput,
  WebhookInput,
  WebhookResult,
  WhatsappResult,
  WhatsappStateResult,
} from './schemas';
import { handleWebhook, handshake } from './webhook';

/** WhatsApp (product-spec-3 section 3): the member's number and opt-ins, and Meta's webhook. */
export const whatsappRouter = router({
  /** Whether WhatsApp is on, the member's number and opt-ins, and the latest messages' delivery states. */
  get: authedProcedure.output(WhatsappStateResult).query(({ ctx }) => whatsappState(ctx)),

  /** Saves the number and opt-ins; a number not yet confirmed gets a code over WhatsApp (`otp_token` answered). */
  update: authedProcedure
    .input(UpdateWhatsappInput)
    .output(WhatsappResult)
    .mutation(({ ctx, input }) => updateWhatsapp(ctx, input)),

  /** Confirms the number with the code sent to it. */
  confirm: authedProcedure
    .input(ConfirmWhatsappInput)
    .output(WhatsappResult)
    .mutation(({ ctx, input }) => confirmWhatsapp(ctx, input)),

  /** What a one-tap link opens: one deal as its member sees it, and the dialog to open; nothing else. */
  openLink: publicProcedure
    .input(OneTapInput)
    .output(OneTapResult)
    .query(({ ctx, input }) => openOneTap(ctx, input.token)),

  /** Meta's subscription handshake (`hub.mode`, `hub.verify_token`, `hub.challenge`). */
  handshake: publicProcedure.input(HandshakeInput).query(({ ctx, input }) => handshake(ctx, input)),

  /** Meta's signed message and status webhook. */
  webhook: publicProcedure
    .input(WebhookInput)
    .output(WebhookResult)
    .mutation(({ ctx, input }) => handleWebhook(ctx, input)),
});
