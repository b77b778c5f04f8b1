import { createSession } from '@barterads/api';
import {
  conversationParticipants,
  conversations,
  type ListingRow,
  listings,
  messages,
  type UserRow,
} from '@barterads/db';
import { type FakeRazorpay, startFakeRazorpay } from '@barterads/testing';
import { createTestUser, startTestServer, type TestServer } from '../helpers/server';

/** Who calls: nobody, a user, another user (not the owner), a suspended user, an admin. */
export const CALLERS = ['anonymous', 'user', 'other', 'suspended', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedInCaller = Exclude<Caller, 'anonymous'>;

export interface Actor {
  user: UserRow;
  token: string;
  password: string;
}

/** The server under test with its fake dependencies (Razorpay), so that no answer is a 503 by configuration. */
export interface HardeningServer {
  server: TestServer;
  razorpay: FakeRazorpay;
  close(): Promise<void>;
}

export async function startHardeningServer(env: Record<string, string> = {}): Promise<HardeningServer> {
  const razorpay = await startFakeRazorpay();
  const server = await startTestServer({
    RAZORPAY_KEY_ID: razorpay.keyId,
    RAZORPAY_KEY_SECRET: razorpay.keySecret,
    RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
    RAZORPAY_API_URL: razorpay.url,
    // The fake gateway runs in this busy test process: a slow answer from it is not the outage it would mean.
    RAZORPAY_TIMEOUT_MS: '60000',
    ...env,
  });
  return {
    server,
    razorpay,
    async close() {
      await server.close();
      await razorpay.close();
    },
  };
}

/**
 * A fresh set of callers and the data rows need: a listing of `user`, and a conversation about it between
 * `user` (owner) and `peer` (a fifth user who is never a caller), so `other` and `admin` are outsiders to it.
 */
export interface World {
  server: TestServer;
  razorpay: FakeRazorpay;
  actors: Record<SignedInCaller | 'peer', Actor>;
  listing: ListingRow;
  conversationId: string;
  /** The bearer token of a caller, or undefined for anonymous. */
  tokenOf(caller: Caller): string | undefined;
}

export async function createWorld(target: HardeningServer): Promise<World> {
  const { server, razorpay } = target;
  const db = server.db;
  const [user, other, suspended, admin, peer] = await Promise.all([
    createTestUser(db, { userType: 'advertiser' }),
    createTestUser(db, { userType: 'media_owner' }),
    createTestUser(db, { status: 'suspended' }),
    createTestUser(db, { role: 'admin' }),
    createTestUser(db, { userType: 'media_owner' }),
  ]);
  const [listing] = await db
    .insert(listings)
    .values({
      ownerId: user.user.id,
      ownerType: 'advertiser',
      title: 'Matrix listing',
      description: 'Owned by the matrix user',
      location: 'Pune',
      category: 'digital',
    })
    .returning();
  const [conversation] = await db
    .insert(conversations)
    .values({ listingId: listing!.id, initiatorId: peer.user.id, ownerId: user.user.id })
    .returning();
  await db.insert(conversationParticipants).values([
    { conversationId: conversation!.id, userId: user.user.id },
    { conversationId: conversation!.id, userId: peer.user.id },
  ]);
  await db
    .insert(messages)
    .values({ conversationId: conversation!.id, senderId: peer.user.id, body: 'Hello' });
  const actors = { user, other, suspended, admin, peer };
  return {
    server,
    razorpay,
    actors,
    listing: listing!,
    conversationId: conversation!.id,
    tokenOf: (caller) => (caller === 'anonymous' ? undefined : actors[caller].token),
  };
}

/** A new session for the actor (after a call revoked the old one). */
export async function refreshToken(world: World, caller: SignedInCaller): Promise<string> {
  const { token } = await createSession(world.server.db, world.actors[caller].user.id);
  world.actors[caller].token = token;
  return token;
}
