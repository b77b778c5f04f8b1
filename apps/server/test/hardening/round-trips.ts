/**
 * Stored text that must come back exactly as given: each domain adds a round trip that writes `text`
 * through its public API and reads it back the way a client would.
 */
import { conversationParticipants, conversations, listings } from '@barterads/db';
import { createTestUser } from '../helpers/server';
import { randomClientIp } from './harness';
import type { World } from './world';

export interface RoundTrip {
  name: string;
  roundTrip(world: World, text: string): Promise<{ stored: unknown }>;
}

const headers = () => ({ 'x-forwarded-for': randomClientIp() });

export const ROUND_TRIPS: RoundTrip[] = [
  {
    name: 'profile companyName (PATCH /api/auth/me → GET /api/auth/me)',
    async roundTrip(world, text) {
      // A fresh user: the hostile run before may have suspended or signed out the world's actors.
      const { token } = await createTestUser(world.server.db);
      const saved = await world.server.request('/api/auth/me', {
        method: 'PATCH',
        json: { companyName: text },
        token,
        headers: headers(),
      });
      if (saved.status !== 200) return { stored: `HTTP ${saved.status}: ${saved.text.slice(0, 120)}` };
      const me = await world.server.request('/api/auth/me', { token, headers: headers() });
      return { stored: me.body?.user?.companyName };
    },
  },
  {
    name: 'listing title and description (POST /api/barters → GET /api/barters/me)',
    async roundTrip(world, text) {
      // A fresh poster each time: posting is rate-limited per user.
      const { token } = await createTestUser(world.server.db);
      const created = await world.server.request('/api/barters', {
        json: { title: text, location: 'Mumbai', description: `${text}` },
        token,
        headers: headers(),
      });
      if (created.status !== 201) return { stored: `HTTP ${created.status}: ${created.text.slice(0, 120)}` };
      const id = created.body.barter._id as string;
      const mine = await world.server.request('/api/barters/me', { token, headers: headers() });
      const found = (
        (mine.body?.barters ?? []) as Array<{ _id: string; title: string; description: string }>
      ).find((b) => b._id === id);
      // Archive it again so the plan's active-listing limit never gets in the way.
      await world.server.request(`/api/barters/${id}/archive`, { method: 'POST', token, headers: headers() });
      return {
        stored: found && found.title === found.description ? found.title : `title/description differ`,
      };
    },
  },
  {
    name: 'message text (POST /api/conversations/:id/messages → GET …/messages)',
    async roundTrip(world, text) {
      // A fresh pair each time: sending is rate-limited per user.
      const [owner, peer] = await Promise.all([
        createTestUser(world.server.db),
        createTestUser(world.server.db),
      ]);
      const [listing] = await world.server.db
        .insert(listings)
        .values({
          ownerId: owner.user.id,
          ownerType: 'advertiser',
          title: 'Round trip',
          description: 'x',
          location: 'Goa',
        })
        .returning();
      const [conversation] = await world.server.db
        .insert(conversations)
        .values({ listingId: listing!.id, initiatorId: peer.user.id, ownerId: owner.user.id })
        .returning();
      await world.server.db.insert(conversationParticipants).values([
        { conversationId: conversation!.id, userId: owner.user.id },
        { conversationId: conversation!.id, userId: peer.user.id },
      ]);
      const token = owner.token;
      const path = `/api/conversations/${conversation!.id}/messages`;
      const sent = await world.server.request(path, { json: { text }, token, headers: headers() });
      if (sent.status !== 201) return { stored: `HTTP ${sent.status}: ${sent.text.slice(0, 120)}` };
      const list = await world.server.request(`${path}?limit=100`, { token, headers: headers() });
      const messages = (list.body?.messages ?? []) as Array<{ text: string }>;
      const found = messages.find((m) => m.text === text);
      return { stored: found ? found.text : `not found; last: ${JSON.stringify(messages.at(-1)?.text)}` };
    },
  },
];
