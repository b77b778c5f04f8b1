import { normalizePhone } from '@barterads/core';
import { z } from 'zod';

/** A number as WhatsApp's `wa_id`: the international number's digits (919876543210). */
export const WhatsappPhone = z
  .string()
  .trim()
  .max(40)
  .transform((value, ctx) => {
    const result = normalizePhone(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.phone.slice(1);
  });

export const UpdateWhatsappInput = z.object({
  phoneNumber: WhatsappPhone,
  dealUpdates: z.boolean(),
  matchAlerts: z.boolean(),
});
export type UpdateWhatsappInput = z.infer<typeof UpdateWhatsappInput>;

export const ConfirmWhatsappInput = z.object({
  otp_token: z.string().min(1).max(200),
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit code.'),
});

export const WhatsappMessageView = z.object({
  template: z.string(),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  error: z.string().nullable(),
  createdAt: z.string(),
});

export const WhatsappView = z.object({
  /** `+919876543210`, or null when no number was ever given. */
  phoneNumber: z.string().nullable(),
  confirmed: z.boolean(),
  dealUpdates: z.boolean(),
  matchAlerts: z.boolean(),
  /** Why WhatsApp cannot deliver to the number (Meta's words), once it said so; null otherwise. */
  failure: z.string().nullable(),
});
export type WhatsappView = z.infer<typeof WhatsappView>;

export const WhatsappResult = z.object({
  whatsapp: WhatsappView,
  /** Set when a code went to the number: send it back with the code to confirm. */
  otp_token: z.string().optional(),
});

export const WhatsappStateResult = z.object({
  /** Whether the server is connected to WhatsApp (WHATSAPP_* settings): off, nothing is sent. */
  enabled: z.boolean(),
  whatsapp: WhatsappView,
  /** The latest messages sent to the member, with their delivery states. */
  messages: z.array(WhatsappMessageView),
});

export const HandshakeInput = z.object({
  mode: z.string().optional(),
  token: z.string().optional(),
  challenge: z.string().max(200).optional(),
});

export const WebhookInput = z.object({ rawBody: z.string(), signature: z.string().optional() });
export const WebhookResult = z.object({ received: z.boolean() });

/** The parts of Meta's `messages` webhook read here (everything else is ignored). */
export const MetaWebhook = z.object({
  object: z.string().optional(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().optional(),
              value: z
                .object({
                  messages: z
                    .array(
                      z.object({
                        id: z.string().min(1).max(300),
                        from: z.string().min(1).max(40),
                        type: z.string().optional(),
                        text: z.object({ body: z.string().max(5000) }).optional(),
                        button: z
                          .object({
                            payload: z.string().max(300).optional(),
                            text: z.string().max(300).optional(),
                          })
                          .optional(),
                        interactive: z
                          .object({
                            button_reply: z
                              .object({ id: z.string().max(300), title: z.string().max(300).optional() })
                              .optional(),
                          })
                          .optional(),
                      }),
                    )
                    .optional(),
                  statuses: z
                    .array(
                      z.object({
                        id: z.string().min(1).max(300),
                        status: z.string(),
                        recipient_id: z.string().max(40).optional(),
                        errors: z
                          .array(z.object({ code: z.number().optional(), title: z.string().optional() }))
                          .optional(),
                      }),
                    )
                    .optional(),
                })
                .optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
});
export type MetaWebhook = z.infer<typeof MetaWebhook>;

export const OneTapInput = z.object({ token: z.string().min(1).max(600) });

export const OneTapDealResult = z.object({
  page: z.literal('deal'),
  /** The member the link was sent to (the web app sends a session of another member to sign in). */
  userId: z.string(),
  dealId: z.string(),
  /** The dialog the deal page opens (`accept`), or null. */
  dialog: z.enum(['accept']).nullable(),
  expiresAt: z.string(),
  deal: z.object({
    number: z.string().nullable(),
    status: z.string(),
    version: z.number().int(),
    expiresAt: z.string(),
    otherName: z.string(),
    youGet: z.number(),
    youGive: z.number(),
    items: z.array(
      z.object({
        title: z.string(),
        quantity: z.number().int(),
        unit: z.string(),
        valueInr: z.number().int(),
        fromYou: z.boolean(),
      }),
    ),
  }),
});

/** A circle proposal's link: which circle, for whom (its page is for its members, signed in). */
export const OneTapCircleResult = z.object({
  page: z.literal('circle'),
  userId: z.string(),
  circleId: z.string(),
  expiresAt: z.string(),
  circle: z.object({ number: z.number().int(), status: z.string() }),
});

export const OneTapResult = z.discriminatedUnion('page', [OneTapDealResult, OneTapCircleResult]);
export type OneTapResult = z.infer<typeof OneTapResult>;
