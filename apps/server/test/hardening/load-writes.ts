/**
 * Writes the load test mixes in, one per domain that has one. Each names how to send it, how to read the
 * acknowledged id from the answer, and how to count rows carrying a marker (lost = 0, duplicated = more than 1).
 */
import { conversationParticipants, conversations, listings, messages } from '@barterads/db';
import type { TestDatabase } from '@barterads/testing';
import { inArray, sql } from 'drizzle-orm';
import type { RawRequest, RawResponse } from './harness';
import { isRecord } from './harness';
import type { Actor } from './world';

export interface LoadWrite {
  name: string;
  /** Makes what the writes need (run once, before the clients start). */
  prepare?(database: TestDatabase, actors: Actor[]): Promise<void>;
  request(actor: Actor, marker: string, ip: string): RawRequest;
  ackId(res: RawResponse): string | undefined;
  /** Follow-up request after an acknowledged write (for example archiving, to stay under the plan's limit). */
  after?(actor: Actor, id: string, ip: string): RawRequest | undefined;
  countByMarker(database: TestDatabase, markers: string[]): Promise<Map<string, number>>;
}

function counts(rows: Array<{ marker: string; n: number }>): Map<string, number> {
  return new Map(rows.map((r) => [r.marker, Number(r.n)]));
}

const conversationOf = new Map<string, string>();

export const LOAD_WRITES: LoadWrite[] = [
  {
    name: 'listing',
    request: (actor, marker, ip) => ({
      method: 'POST',
      path: '/api/barters',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${actor.token}`,
        'x-forwarded-for': ip,
      },
      body: JSON.stringify({ title: marker, location: 'Mumbai', description: 'load test listing' }),
    }),
    ackId: (res) =>
      isRecord(res.json) && isRecord(res.json.barter) ? String(res.json.barter._id) : undefined,
    // Archive right away: the free plan allows 5 active listings.
    after: (actor, id, ip) => ({
      method: 'POST',
      path: `/api/barters/${id}/archive`,
      headers: { authorization: `Bearer ${actor.token}`, 'x-forwarded-for': ip },
    }),
    async countByMarker(database, markers) {
      const rows = await database.handle.db
        .select({ marker: listings.title, n: sql<number>`count(*)` })
        .from(listings)
        .where(inArray(listings.title, markers))
        .groupBy(listings.title);
      return counts(rows);
    },
  },
  {
    name: 'message',
    async prepare(database, actors) {
      const db = database.handle.db;
      for (let i = 0; i < actors.length; i++) {
        const owner = actors[i] as Actor;
        const peer = actors[(i + 1) % actors.length] as Actor;
        const [listing] = await db
          .insert(listings)
          .values({
            ownerId: owner.user.id,
            ownerType: owner.user.userType,
            title: 'Load chat',
            description: 'x',
            location: 'Pune',
          })
          .returning();
        const [conversation] = await db
          .insert(conversations)
          .values({ listingId: listing!.id, initiatorId: peer.user.id, ownerId: owner.user.id })
          .returning();
        await db.insert(conversationParticipants).values([
          { conversationId: conversation!.id, userId: owner.user.id },
          { conversationId: conversation!.id, userId: peer.user.id },
        ]);
        conversationOf.set(owner.user.id, conversation!.id);
      }
    },
    request: (actor, marker, ip) => ({
      method: 'POST',
      path: `/api/conversations/${conversationOf.get(actor.user.id)}/messages`,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${actor.token}`,
        'x-forwarded-for': ip,
      },
      body: JSON.stringify({ text: marker }),
    }),
    ackId: (res) => (res.status === 201 ? 'sent' : undefined),
    async countByMarker(database, markers) {
      const rows = await database.handle.db
        .select({ marker: messages.body, n: sql<number>`count(*)` })
        .from(messages)
        .where(inArray(messages.body, markers))
        .groupBy(messages.body);
      return counts(rows);
    },
  },
];
