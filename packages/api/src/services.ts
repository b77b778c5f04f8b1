import type { GstLookupProvider } from '@barterads/core';
import type { DatabaseHandle } from '@barterads/db';
import type { SearchCacheStore } from './listings/search-cache';
import type { Mailer } from './mail/mailer';
import type { PubSub } from './pubsub';
import type { RateLimiter } from './rate-limit';
import type { FileStorage } from './storage/storage';
import type { Lookup } from './webhooks/security';
import type { WhatsappConfig } from './whatsapp/client';

/** Settings the domain logic needs; parsed once from the environment by the server. */
export interface ApiConfig {
  isProduction: boolean;
  appUrl: string;
  adminAppUrl: string;
  /** Origins allowed to send cookie-authenticated mutations (the two apps). */
  allowedOrigins: readonly string[];
  supportEmail: string;
  razorpay:
    | {
        keyId: string;
        keySecret: string;
        webhookSecret: string | undefined;
        apiUrl: string;
        /** How long a call may take (RAZORPAY_TIMEOUT_MS). */
        timeoutMs: number;
      }
    | undefined;
  /** The seller named on GST invoices (SELLER_LEGAL_NAME, SELLER_GSTIN, SELLER_ADDRESS). */
  seller: SellerConfig;
  /** Signs the saved-search alerts' one-click unsubscribe links. */
  unsubscribeSecret: string;
  /** Partner webhooks: WEBHOOK_ALLOW_LOOPBACK lets tests use 127.0.0.1 / ::1 endpoints (never in production). */
  webhooks: { allowLoopback: boolean };
  /** The WhatsApp Cloud API (WHATSAPP_*): undefined when not connected (the channel is off). */
  whatsapp?: WhatsappConfig;
  /** Signs WhatsApp's one-tap links (WHATSAPP_LINK_SECRET; a key of its own, so rotating one kind of link leaves the other). */
  whatsappLinkSecret: string;
}

export interface SellerConfig {
  legalName: string;
  gstin: string;
  address: string;
}

/** A structured logger (pino in the server); never given secrets or personal data. */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Everything the procedures depend on, built once by the server and shared by every request. */
export interface ApiServices {
  database: DatabaseHandle;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  config: ApiConfig;
  logger: Logger;
  /** Events across API instances (PostgreSQL LISTEN/NOTIFY, or Redis when REDIS_URL is set). */
  pubsub: PubSub;
  /** Uploaded files (local disk or an S3-compatible bucket). */
  storage: FileStorage;
  /** The search results cache (Redis when REDIS_URL is set, else in memory); searches run uncached without it. */
  searchCache?: SearchCacheStore;
  /** Where a GSTIN is looked up before a verification is stored; the offline checks when not given. */
  gstLookup?: GstLookupProvider;
  /** The DNS lookup webhook deliveries check (the system's when not given; tests give a name any address). */
  webhookLookup?: Lookup;
  /** Wakes a background job now rather than at its next scheduled run; set by the server once its queue runs. */
  jobs?: JobWaker;
  /**
   * Aborted when the services close (a deploy, a test's end): live streams end on it before the database closes,
   * so none queries a closed pool later (a stream tRPC stopped reading would reject with nobody listening).
   */
  closing?: AbortSignal;
}

/** A live stream's signal: the client going away, or the services closing. */
export function streamSignal(
  services: ApiServices,
  signal: AbortSignal | undefined,
): AbortSignal | undefined {
  if (!services.closing) return signal;
  return signal ? AbortSignal.any([signal, services.closing]) : services.closing;
}

/** Asks the job queue to run a named job soon (queued once however often it is asked while one is waiting). */
export interface JobWaker {
  wake(name: string): void;
}
