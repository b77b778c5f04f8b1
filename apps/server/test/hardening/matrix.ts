/**
 * THE authorization matrix: every REST path and every tRPC procedure × caller → expected HTTP status.
 * `matrix.test.ts` fails when a path or procedure exists without a row here, or a row names one that is gone.
 * A new domain only adds rows: the expected statuses, and a `request` that builds valid input for the caller
 * (so that the status says who may call, not whether the input was good).
 */
import { deals } from '@barterads/db';
import { eq, sql } from 'drizzle-orm';
import { randomClientIp } from './harness';
import type { Caller, World } from './world';

export type Expect = Record<Caller, number>;

export interface CellRequest {
  /** JSON body (REST). */
  body?: unknown;
  /** Raw body sent as is (signed webhooks). */
  rawBody?: string;
  /** Extra headers (signatures). */
  headers?: Record<string, string>;
  /** Bearer token to send instead of the caller's session (sign-up's proof token). */
  bearer?: string;
  /** Query string (REST GET). */
  query?: Record<string, string>;
  /** Path parameters (`:id`). */
  params?: Record<string, string>;
  /** tRPC input (query or mutation). */
  input?: unknown;
}

export interface MatrixRow {
  expect: Expect;
  /** Valid input for this caller; default none. */
  request?: (world: World, caller: Caller) => CellRequest | Promise<CellRequest>;
  /** The call revokes the caller's session or deletes something: every cell gets a fresh world. */
  isolate?: boolean;
}

/** Anyone, with the same answer. */
export const open = (status = 200): Expect => ({
  anonymous: status,
  user: status,
  other: status,
  suspended: status,
  admin: status,
});
/** A live session of an active user. */
export const signedIn = (status = 200): Expect => ({
  anonymous: 401,
  user: status,
  other: status,
  suspended: 403,
  admin: status,
});
/** Admins only. */
export const adminOnly = (status = 200): Expect => ({
  anonymous: 401,
  user: 403,
  other: 403,
  suspended: 403,
  admin: status,
});
/** Only `user`, who owns the listing / takes part in the conversation; outsiders (admins too) get `outsider`. */
export const ownerOnly = (status = 200, outsider = 404): Expect => ({
  anonymous: 401,
  user: status,
  other: outsider,
  suspended: 403,
  admin: outsider,
});

// ---- helpers that make valid input through the public API ----

const actorOf = (world: World, caller: Caller) => world.actors[caller === 'anonymous' ? 'user' : caller];
let unique = 0;
const freshEmail = () => `matrix-${Date.now()}-${++unique}@test.barterads.in`;

async function post(world: World, path: string, body: unknown, token?: string) {
  return world.server.request(path, {
    json: body,
    token,
    headers: { 'x-forwarded-for': randomClientIp() },
  });
}

/** Sends a code to a fresh address and reads it from the test mail server. */
async function mailedCode(world: World): Promise<{ email: string; otp_token: string; otp: string }> {
  const email = freshEmail();
  const sent = await post(world, '/api/auth/send-email-otp', { email });
  if (sent.status !== 200) throw new Error(`send-email-otp answered ${sent.status}: ${sent.text}`);
  const otp = await world.server.mail.waitForCode(email);
  return { email, otp_token: sent.body.otp_token as string, otp };
}

async function signupInput(world: World) {
  const { email, otp_token, otp } = await mailedCode(world);
  const verified = await post(world, '/api/auth/verify-otp', { otp_token, otp });
  if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}: ${verified.text}`);
  return {
    proofToken: verified.body.proof_token as string,
    fields: {
      userType: 'advertiser',
      email,
      password: 'matrix-password-1',
      firstName: 'Matrix',
      lastName: 'Signup',
      phoneNumber: '+91 98200 12345',
    },
  };
}

/** An order of `user` at the fake Razorpay, paid there, with the checkout's signed answer. */
async function paidOrderOfUser(world: World) {
  const created = await post(
    world,
    '/api/payments/create-order',
    { planId: 'starter', period: 'monthly' },
    world.actors.user.token,
  );
  if (created.status !== 200) throw new Error(`create-order answered ${created.status}: ${created.text}`);
  const orderId = created.body.order.id as string;
  return { orderId, payment: world.razorpay.signPayment(orderId) };
}

async function signedWebhook(world: World) {
  const { orderId } = await paidOrderOfUser(world);
  return world.razorpay.webhook('order.paid', orderId);
}

const listingId = (w: World) => ({ id: w.listing.id });
const UNKNOWN_SUBMISSION = '00000000-0000-4000-8000-0000000000aa';
const UNKNOWN_CIRCLE = '00000000-0000-4000-8000-0000000000c1';
const UNKNOWN_WEBHOOK = '00000000-0000-4000-8000-0000000000d1';
const newListing = { title: 'Matrix post', location: 'Delhi', description: 'A listing from the matrix' };
const contactForm = () => ({
  fullName: 'Matrix Visitor',
  emailAddress: freshEmail(),
  subject: 'Hello',
  message: 'A question from the matrix.',
});

// ---- deals: `peer` proposes on `user`'s listing, so the turn is `user`'s; `other` and `admin` are outsiders ----

/** A deal's items; a counter passes `counter` to change a value (a counter with the same terms is refused). */
function dealItems(w: World, proposerId: string, counter = false) {
  return [
    {
      giverId: w.listing.ownerId,
      listingId: w.listing.id,
      title: 'Matrix listing',
      quantity: 1,
      unit: 'month',
      valueInr: 10000,
    },
    {
      giverId: proposerId,
      title: 'Ten radio spots',
      quantity: 10,
      unit: 'spot',
      valueInr: counter ? 9500 : 9000,
    },
  ];
}

/** A fresh open deal from `peer` to `user` (the turn is `user`'s). */
async function dealToUser(w: World): Promise<string> {
  const made = await post(
    w,
    '/api/deals',
    { listingId: w.listing.id, items: dealItems(w, w.actors.peer.user.id), openDays: 7 },
    w.actors.peer.token,
  );
  if (made.status !== 201) throw new Error(`propose answered ${made.status}: ${made.text}`);
  return made.body.deal._id as string;
}

/** A fresh deal whose latest version is `user`'s counter (the turn is `peer`'s): `user` may withdraw it. */
async function dealFromUser(w: World): Promise<string> {
  const id = await dealToUser(w);
  const countered = await post(
    w,
    `/api/deals/${id}/counter`,
    { items: dealItems(w, w.actors.peer.user.id, true), openDays: 3 },
    w.actors.user.token,
  );
  if (countered.status !== 200) throw new Error(`counter answered ${countered.status}: ${countered.text}`);
  return id;
}

/** A fresh saved search of `user` (other callers must not see, change or delete it). */
async function savedSearchOfUser(w: World): Promise<string> {
  const made = await post(
    w,
    '/api/saved-searches',
    { name: 'Matrix search', query: { q: 'hoarding', city: 'Mumbai' }, frequency: 'daily' },
    w.actors.user.token,
  );
  if (made.status !== 201) throw new Error(`save search answered ${made.status}: ${made.text}`);
  return made.body.savedSearch.id as string;
}

/** One deal per world that `user` accepted (so `user` owes commission on it): created on first use. */
const acceptedDeals = new WeakMap<World, Promise<string>>();
function acceptedDealOfUser(w: World): Promise<string> {
  let made = acceptedDeals.get(w);
  if (!made) {
    made = (async () => {
      const id = await dealToUser(w);
      const accepted = await post(w, `/api/deals/${id}/accept`, { version: 1 }, w.actors.user.token);
      if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${accepted.text}`);
      return id;
    })();
    acceptedDeals.set(w, made);
  }
  return made;
}

/** `user`'s own leg of its accepted deal (not_required: the matrix's users have no verified GSTIN). */
async function legOfUser(w: World): Promise<{ id: string; legId: string }> {
  const id = await acceptedDealOfUser(w);
  const res = await w.server.request(`/api/deals/${id}/tax-preview`, { token: w.actors.user.token });
  if (res.status !== 200) throw new Error(`tax-preview answered ${res.status}: ${res.text}`);
  const leg = (res.body.legs as { _id: string; supplierId: string }[]).find(
    (l) => l.supplierId === w.actors.user.user.id,
  );
  if (!leg) throw new Error('no leg of user');
  return { id, legId: leg._id };
}

/** A commission order of `user`'s, paid at the fake Razorpay, with checkout's signed answer. */
async function paidCommissionOfUser(w: World) {
  const id = await acceptedDealOfUser(w);
  const order = await post(w, `/api/deals/${id}/commission/order`, {}, w.actors.user.token);
  if (order.status !== 200) throw new Error(`commission order answered ${order.status}: ${order.text}`);
  return { id, payment: w.razorpay.signPayment(order.body.order.id as string) };
}

/** A fresh deal `user` accepted: `user` gives the listing (item 0), `peer` the radio spots (item 1). */
async function acceptedDealForDelivery(
  w: World,
): Promise<{ id: string; userItem: string; peerItem: string }> {
  const id = await dealToUser(w);
  const accepted = await post(w, `/api/deals/${id}/accept`, { version: 1 }, w.actors.user.token);
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${accepted.text}`);
  // Out of this month's plan count (the free plan allows 2 deals a month) and with its commission paid, so the
  // rows can make as many deals as they need.
  await w.server.db
    .update(deals)
    .set({
      acceptedAt: sql`${deals.acceptedAt} - interval '40 days'`,
      proposerCommissionPaid: true,
      counterpartyCommissionPaid: true,
    })
    .where(eq(deals.id, id));
  const items = accepted.body.deal.items as { _id: string; giverId: string }[];
  const userItem = items.find((i) => i.giverId === w.actors.user.user.id)!._id;
  const peerItem = items.find((i) => i.giverId === w.actors.peer.user.id)!._id;
  return { id, userItem, peerItem };
}

/** A fresh accepted deal whose `peer` item is delivered (with a link): `user`, the receiver, answers it. */
async function deliveredToUser(w: World): Promise<{ id: string; itemId: string }> {
  const deal = await acceptedDealForDelivery(w);
  const form = new FormData();
  form.append('link', 'https://example.com/matrix-proof');
  const delivered = await fetch(`${w.server.baseUrl}/api/deals/${deal.id}/items/${deal.peerItem}/deliver`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${w.actors.peer.token}`, 'x-forwarded-for': randomClientIp() },
  });
  if (delivered.status !== 200) throw new Error(`deliver answered ${delivered.status}`);
  return { id: deal.id, itemId: deal.peerItem };
}

/** A fresh deal whose `peer` item `user` disputed: an admin decides it. */
async function disputedByUser(w: World): Promise<{ id: string; itemId: string }> {
  const deal = await deliveredToUser(w);
  const disputed = await post(
    w,
    `/api/deals/${deal.id}/items/${deal.itemId}/dispute`,
    { reason: 'not_delivered', details: 'Matrix check' },
    w.actors.user.token,
  );
  if (disputed.status !== 200) throw new Error(`dispute answered ${disputed.status}: ${disputed.text}`);
  return deal;
}

/** A fresh completed deal between `user` and `peer` (each delivered, each accepted). */
async function completedDeal(w: World): Promise<string> {
  const deal = await acceptedDealForDelivery(w);
  const deliver = async (itemId: string, token: string) => {
    const form = new FormData();
    form.append('link', 'https://example.com/matrix-proof');
    const res = await fetch(`${w.server.baseUrl}/api/deals/${deal.id}/items/${itemId}/deliver`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': randomClientIp() },
    });
    if (res.status !== 200) throw new Error(`deliver answered ${res.status}`);
  };
  await deliver(deal.userItem, w.actors.user.token);
  await deliver(deal.peerItem, w.actors.peer.token);
  for (const [itemId, token] of [
    [deal.userItem, w.actors.peer.token],
    [deal.peerItem, w.actors.user.token],
  ] as const) {
    const res = await post(w, `/api/deals/${deal.id}/items/${itemId}/accept`, {}, token);
    if (res.status !== 200) throw new Error(`accept answered ${res.status}: ${res.text}`);
  }
  return deal.id;
}

/** A public review of `user` by `peer` (both reviewed a completed deal): `user` may reply, anyone report. */
async function publicReviewOfUser(w: World): Promise<string> {
  const id = await completedDeal(w);
  const theirs = await post(w, `/api/deals/${id}/reviews`, { rating: 4, text: 'Good' }, w.actors.peer.token);
  if (theirs.status !== 201) throw new Error(`review answered ${theirs.status}: ${theirs.text}`);
  const mine = await post(w, `/api/deals/${id}/reviews`, { rating: 5, text: 'Great' }, w.actors.user.token);
  if (mine.status !== 201) throw new Error(`review answered ${mine.status}: ${mine.text}`);
  return theirs.body.review._id as string;
}

/** A public review of `user`, reported by `user` itself (any member may report): an admin keeps or hides it. */
async function reportedReviewOfUser(w: World): Promise<string> {
  const id = await publicReviewOfUser(w);
  const reported = await post(
    w,
    `/api/reviews/${id}/report`,
    { reason: 'Matrix check' },
    w.actors.user.token,
  );
  if (reported.status !== 200) throw new Error(`report answered ${reported.status}: ${reported.text}`);
  return id;
}

/** Parties (`user`) and admins read a deal; anyone else gets 404. */
const partyOrAdmin = (status = 200): Expect => ({ ...ownerOnly(status, 404), admin: status });

/** REST rows, keyed `METHOD /path` exactly as in apps/server/src/rest/routes (aliases are checked with their row). */
export const REST_MATRIX: Record<string, MatrixRow> = {
  // accounts
  'POST /api/auth/send-email-otp': { expect: open(200), request: () => ({ body: { email: freshEmail() } }) },
  'POST /api/auth/verify-otp': {
    expect: open(200),
    request: async (w) => {
      const { otp_token, otp } = await mailedCode(w);
      return { body: { otp_token, otp } };
    },
  },
  'POST /api/auth/signup': {
    // The bearer here is the proof token of verify-otp, whoever calls.
    expect: open(201),
    request: async (w) => {
      const { proofToken, fields } = await signupInput(w);
      return { body: fields, bearer: proofToken };
    },
  },
  'POST /api/auth/login': {
    expect: { ...open(200), suspended: 403 },
    request: (w, c) => ({ body: { email: actorOf(w, c).user.email, password: actorOf(w, c).password } }),
  },
  'POST /api/auth/logout': { expect: signedIn(204), isolate: true },
  'GET /api/auth/me': { expect: signedIn(200) },
  'GET /api/auth/me/account-manager': { expect: signedIn(200) },
  'PATCH /api/auth/me': { expect: signedIn(200), request: () => ({ body: { companyName: 'Matrix & Co' } }) },
  'PATCH /api/auth/password': {
    expect: signedIn(200),
    isolate: true,
    request: (w, c) => ({
      body: { currentPassword: actorOf(w, c).password, newPassword: 'matrix-new-password-2' },
    }),
  },
  'POST /api/auth/me/email': {
    expect: signedIn(200),
    request: (w, c) => ({ body: { newEmail: freshEmail(), password: actorOf(w, c).password } }),
  },
  'POST /api/auth/me/email/confirm': {
    expect: signedIn(400),
    request: () => ({ body: { otp_token: 'not-a-real-token', otp: '123456' } }),
  },
  'POST /api/auth/forgot-password': { expect: open(200), request: () => ({ body: { email: freshEmail() } }) },
  'POST /api/auth/reset-password': {
    expect: open(400),
    request: () => ({
      body: { otp_token: 'not-a-real-token', otp: '123456', newPassword: 'matrix-new-pass' },
    }),
  },
  'PATCH /api/auth/switch-role': {
    expect: signedIn(200),
    request: () => ({ body: { role: 'media_owner' } }),
  },
  // data rights (DPDP)
  'GET /api/auth/me/export': { expect: signedIn(200) },
  'DELETE /api/auth/me': {
    expect: signedIn(200),
    isolate: true,
    request: (w, c) => ({ body: { password: actorOf(w, c).password } }),
  },
  // listings
  'GET /api/barters': { expect: open(200), request: () => ({ query: { q: 'matrix', limit: '5' } }) },
  'POST /api/barters': { expect: signedIn(201), request: () => ({ body: newListing }) },
  'GET /api/barters/me': { expect: signedIn(200) },
  'GET /api/barters/featured': { expect: open(200) },
  'PATCH /api/barters/:id': {
    expect: ownerOnly(200, 403),
    request: (w) => ({ params: listingId(w), body: { title: 'Matrix listing, edited' } }),
  },
  // Nobody in the world has a plan with featured listings: the owner's 403 is the plan's refusal (featuring.test.ts).
  'POST /api/barters/:id/feature': {
    expect: ownerOnly(403, 403),
    request: (w) => ({ params: listingId(w) }),
  },
  'POST /api/barters/:id/archive': {
    expect: ownerOnly(200, 403),
    isolate: true,
    request: (w) => ({ params: listingId(w) }),
  },
  // An active listing: restoring it changes nothing, so no cell needs a fresh world.
  'POST /api/barters/:id/restore': {
    expect: ownerOnly(200, 403),
    request: (w) => ({ params: listingId(w) }),
  },
  // listing and business pages (issue 18)
  'GET /api/barters/:id': { expect: open(200), request: (w) => ({ params: listingId(w) }) },
  // The upload row checks the session first, then refuses a JSON body with 415 (no file read, no procedure run).
  'POST /api/barters/:id/photos': { expect: signedIn(415), request: (w) => ({ params: listingId(w) }) },
  // The matrix listing has no photo: the owner gets 404 for index 0, everyone else the ownership refusal.
  'DELETE /api/barters/:id/photos/:index': {
    expect: ownerOnly(404, 403),
    request: (w) => ({ params: { id: w.listing.id, index: '0' } }),
  },
  'GET /api/businesses/:id': { expect: open(200), request: (w) => ({ params: { id: w.listing.ownerId } }) },
  'POST /api/barters/:id/contact-click': { expect: open(204), request: (w) => ({ params: listingId(w) }) },
  // contact
  'POST /api/contact': { expect: open(201), request: () => ({ body: contactForm() }) },
  // messages
  'GET /api/conversations': { expect: signedIn(200) },
  'POST /api/conversations': {
    // The owner cannot message their own listing (400); anyone else signed in can.
    expect: { ...signedIn(201), user: 400 },
    request: (w) => ({ body: { barterId: w.listing.id, text: 'Interested!' } }),
  },
  'GET /api/conversations/:id/messages': {
    expect: ownerOnly(200, 404),
    request: (w) => ({ params: { id: w.conversationId } }),
  },
  'POST /api/conversations/:id/messages': {
    expect: ownerOnly(201, 404),
    request: (w) => ({ params: { id: w.conversationId }, body: { text: 'Reply from the matrix' } }),
  },
  'POST /api/conversations/:id/read': {
    expect: ownerOnly(200, 404),
    request: (w) => ({ params: { id: w.conversationId }, body: {} }),
  },
  // payments
  'POST /api/payments/create-order': {
    expect: signedIn(200),
    request: () => ({ body: { planId: 'starter', period: 'monthly' } }),
  },
  'POST /api/payments/verify': {
    // The order is `user`'s: nobody else can verify it.
    expect: ownerOnly(200, 404),
    isolate: true,
    request: async (w) => ({ body: (await paidOrderOfUser(w)).payment }),
  },
  'POST /api/payments/webhook': {
    // Authenticated by Razorpay's signature, not by a session. It gives `user` a plan: a world of its own.
    expect: open(200),
    isolate: true,
    request: async (w) => {
      const hook = await signedWebhook(w);
      return { rawBody: hook.body, headers: hook.headers };
    },
  },
  'GET /api/payments/subscription': { expect: signedIn(200) },
  'POST /api/payments/change-plan': {
    expect: signedIn(200),
    request: () => ({ body: { planId: 'growth', period: 'monthly', preview: true } }),
  },
  'POST /api/payments/cancel': {
    // Nobody in the world has a plan to cancel: 409 says the caller got through.
    expect: signedIn(409),
    request: () => ({ body: {} }),
  },
  'POST /api/payments/refund-requests': {
    expect: signedIn(404),
    request: () => ({ body: { paymentId: UNKNOWN_SUBMISSION, reason: 'Matrix refund request' } }),
  },
  'GET /api/payments/history': { expect: signedIn(200) },
  'GET /api/payments/refunds': { expect: signedIn(200) },
  'GET /api/payments/invoices': { expect: signedIn(200) },
  'GET /api/auth/api-keys': { expect: signedIn(200) },
  'POST /api/auth/api-keys': {
    // Nobody in the world has a plan with API access: 403 (the upsell) says the caller got through.
    expect: signedIn(403),
    request: () => ({ body: { name: 'Matrix key', scope: 'read' } }),
  },
  'DELETE /api/auth/api-keys/:id': {
    expect: signedIn(404),
    request: () => ({ params: { id: 'matrixunknownkey' } }),
  },
  'GET /api/admin/refunds': { expect: adminOnly(200) },
  'GET /api/admin/payments': { expect: adminOnly(200), request: () => ({ query: { limit: '5' } }) },
  'GET /api/admin/revenue': { expect: adminOnly(200) },
  'GET /api/admin/enterprise-members': { expect: adminOnly(200) },
  'PUT /api/admin/users/:id/account-manager': {
    // Removing (null) is allowed for any member; nobody has a manager, so nothing changes.
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.actors.other.user.id }, body: { managerId: null } }),
  },
  'POST /api/admin/refunds/:id/decision': {
    expect: adminOnly(404),
    request: () => ({ params: { id: UNKNOWN_SUBMISSION }, body: { approve: false } }),
  },
  // admin
  'GET /api/admin/metrics': { expect: adminOnly(200) },
  'GET /api/admin/users-by-country': { expect: adminOnly(200) },
  'GET /api/admin/barters': { expect: adminOnly(200), request: () => ({ query: { limit: '5' } }) },
  'GET /api/admin/users': { expect: adminOnly(200), request: () => ({ query: { limit: '5' } }) },
  'PATCH /api/admin/users/:id/status': {
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.actors.other.user.id }, body: { status: 'active' } }),
  },
  'PATCH /api/admin/barters/:id/verify': {
    expect: adminOnly(200),
    request: (w) => ({ params: listingId(w), body: { verified: true } }),
  },
  'PATCH /api/admin/barters/:id/archive': {
    expect: adminOnly(200),
    request: (w) => ({ params: listingId(w), body: { reason: 'Matrix check' } }),
  },
  'GET /api/admin/activity': { expect: adminOnly(200) },
  // businesses (verification): the upload row refuses a JSON body with 415 once the session is checked
  'GET /api/auth/me/verification': { expect: signedIn(200) },
  'POST /api/auth/me/verification': {
    expect: signedIn(415),
    request: () => ({ body: { gstin: '27AAPFU0939F1ZV', legalName: 'Matrix Media LLP' } }),
  },
  'GET /api/admin/verifications': {
    expect: adminOnly(200),
    request: () => ({ query: { status: 'pending' } }),
  },
  'POST /api/admin/verifications/:id/decide': {
    // An unknown submission: who may decide is the question here (404 says the admin got past the check).
    expect: adminOnly(404),
    request: () => ({ params: { id: UNKNOWN_SUBMISSION }, body: { decision: 'approve' } }),
  },
  // deals (issue 19)
  'POST /api/deals': {
    // The listing is `user`'s own: a deal with yourself is refused (400).
    expect: { ...signedIn(201), user: 400 },
    request: (w, c) => ({
      body: { listingId: w.listing.id, items: dealItems(w, actorOf(w, c).user.id), openDays: 7 },
    }),
  },
  'GET /api/notifications': { expect: signedIn(200), request: () => ({ query: { limit: '5' } }) },
  'GET /api/events': { expect: signedIn(200), request: () => ({ query: { after: '0', limit: '5' } }) },
  // WhatsApp: the hardening server has no WHATSAPP_* settings, so the channel is off (opting in is 409, the webhook
  // and its handshake 404); opting out (both opt-ins false) and reading the state work.
  'GET /api/auth/me/whatsapp': { expect: signedIn(200) },
  'PUT /api/auth/me/whatsapp': {
    expect: signedIn(200),
    request: () => ({ body: { phoneNumber: '9876543210', dealUpdates: false, matchAlerts: false } }),
  },
  'POST /api/auth/me/whatsapp/confirm': {
    expect: signedIn(400),
    request: () => ({ body: { otp_token: `${crypto.randomUUID()}.${'a'.repeat(32)}`, otp: '123456' } }),
  },
  'GET /api/whatsapp/links/:token': {
    expect: open(404),
    request: () => ({ params: { token: 'not-a-link' } }),
  },
  'GET /api/whatsapp/webhook': {
    expect: open(404),
    request: () => ({ query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'x', 'hub.challenge': '1' } }),
  },
  'POST /api/whatsapp/webhook': {
    expect: open(404),
    request: () => ({
      rawBody: '{"object":"whatsapp_business_account"}',
      headers: { 'content-type': 'application/json' },
    }),
  },
  'GET /api/matches': { expect: signedIn(200) },
  'GET /api/saved-searches': { expect: signedIn(200) },
  'POST /api/saved-searches': {
    expect: signedIn(201),
    request: () => ({ body: { name: 'Matrix', query: { category: 'outdoor' }, frequency: 'weekly' } }),
  },
  'PATCH /api/saved-searches/:id': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ params: { id: await savedSearchOfUser(w) }, body: { frequency: 'never' } }),
  },
  'DELETE /api/saved-searches/:id': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ params: { id: await savedSearchOfUser(w) } }),
  },
  'POST /api/notifications/read': { expect: signedIn(200), request: () => ({ body: { all: true } }) },
  // partner webhooks (issue 31): a session only; the world's members have no plan with API access, so what sends
  // (create, rotate, test, resend) is 403 before anything is looked up; an unknown endpoint is 404 to everyone
  'GET /api/webhooks': { expect: signedIn(200) },
  'POST /api/webhooks': {
    expect: signedIn(403),
    request: () => ({ body: { url: 'https://10.0.0.1/hook', types: ['deal.proposed'] } }),
  },
  'PATCH /api/webhooks/:id': {
    expect: signedIn(404),
    request: () => ({ params: { id: UNKNOWN_WEBHOOK }, body: { enabled: false } }),
  },
  'DELETE /api/webhooks/:id': { expect: signedIn(404), request: () => ({ params: { id: UNKNOWN_WEBHOOK } }) },
  'POST /api/webhooks/:id/rotate-secret': {
    expect: signedIn(403),
    request: () => ({ params: { id: UNKNOWN_WEBHOOK } }),
  },
  'POST /api/webhooks/:id/test': {
    expect: signedIn(403),
    request: () => ({ params: { id: UNKNOWN_WEBHOOK } }),
  },
  'GET /api/webhooks/:id/deliveries': {
    expect: signedIn(404),
    request: () => ({ params: { id: UNKNOWN_WEBHOOK } }),
  },
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': {
    expect: signedIn(403),
    request: () => ({ params: { id: UNKNOWN_WEBHOOK, deliveryId: UNKNOWN_WEBHOOK } }),
  },
  // circle deals and the trade desk (issue 32): a circle's members only (an unknown circle is 404 to everyone);
  // the desk for admins and brokers (the world has no broker: admins read, nobody drafts)
  'GET /api/auth/me/accepts': { expect: signedIn(200) },
  'PUT /api/auth/me/accepts': {
    expect: signedIn(200),
    request: () => ({ body: { categories: ['outdoor'], cities: [], minValueInr: 0, maxValueInr: 100_000 } }),
  },
  'GET /api/circles': { expect: signedIn(200) },
  'GET /api/circles/:id': { expect: signedIn(404), request: () => ({ params: { id: UNKNOWN_CIRCLE } }) },
  'POST /api/circles/:id/accept': {
    expect: signedIn(404),
    request: () => ({ params: { id: UNKNOWN_CIRCLE } }),
  },
  'POST /api/circles/:id/decline': {
    expect: signedIn(404),
    request: () => ({ params: { id: UNKNOWN_CIRCLE } }),
  },
  'GET /api/admin/trade-desk': {
    expect: adminOnly(200),
    request: () => ({ query: { category: 'outdoor' } }),
  },
  'GET /api/admin/trade-desk/figures': { expect: adminOnly(200) },
  'POST /api/admin/trade-desk/drafts': {
    expect: { ...adminOnly(403), admin: 403 },
    request: (w) => ({ body: { listingIds: [w.listing.id, w.listing.id, w.listing.id] } }),
  },
  'PUT /api/admin/users/:id/broker': {
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.actors.peer.user.id }, body: { broker: false } }),
  },
  'GET /api/deals': { expect: signedIn(200), request: () => ({ query: { status: 'awaiting' } }) },
  'GET /api/deals/:id': {
    expect: partyOrAdmin(200),
    request: async (w) => ({ params: { id: await dealToUser(w) } }),
  },
  'POST /api/deals/:id/counter': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({
      params: { id: await dealToUser(w) },
      body: { items: dealItems(w, w.actors.peer.user.id, true), openDays: 14 },
    }),
  },
  'POST /api/deals/:id/accept': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ params: { id: await dealToUser(w) }, body: { version: 1 } }),
  },
  'POST /api/deals/:id/decline': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ params: { id: await dealToUser(w) }, body: { reason: 'Not this month' } }),
  },
  'POST /api/deals/:id/withdraw': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ params: { id: await dealFromUser(w) } }),
  },
  // GST legs (issue 30): the parties only; admins too get 404
  'GET /api/deals/:id/tax-preview': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ params: { id: await dealToUser(w) } }),
  },
  'POST /api/deals/:id/legs/:legId/issue': {
    // Only the supplier gets past the check: 409, its leg needs a verified GSTIN.
    expect: ownerOnly(409, 404),
    request: async (w) => ({ params: await legOfUser(w), body: {} }),
  },
  'GET /api/statements/barter': {
    expect: signedIn(200),
    request: () => ({ query: { from: '2026-04-01', to: '2027-03-31', format: 'csv' } }),
  },
  'PUT /api/auth/me/invoice-series': {
    expect: signedIn(200),
    request: () => ({ body: { prefix: 'MX/26-27/' } }),
  },
  'GET /api/auth/me/invoice-series': { expect: signedIn(200) },
  'GET /api/legs/to-issue': { expect: signedIn(200) },
  'GET /api/deals/:id/legs/:legId/einvoice.json': {
    // The supplier and admins get past the check: 409, the leg's supplier has no verified GSTIN.
    expect: partyOrAdmin(409),
    request: async (w) => ({ params: await legOfUser(w) }),
  },
  'GET /api/admin/deals': { expect: adminOnly(200), request: () => ({ query: { status: 'proposed' } }) },
  'POST /api/admin/deals/:id/cancel': {
    expect: adminOnly(200),
    request: async (w) => ({ params: { id: await dealToUser(w) }, body: { reason: 'Matrix check' } }),
  },
  // deliverables and disputes (issue 20): the upload row refuses a JSON body with 415 once the session is checked
  'POST /api/deals/:id/items/:itemId/deliver': {
    expect: signedIn(415),
    request: async (w) => {
      const deal = await acceptedDealForDelivery(w);
      return { params: { id: deal.id, itemId: deal.userItem }, body: { link: 'https://example.com/x' } };
    },
  },
  'POST /api/deals/:id/items/:itemId/accept': {
    expect: ownerOnly(200, 404),
    request: async (w) => {
      const deal = await deliveredToUser(w);
      return { params: { id: deal.id, itemId: deal.itemId } };
    },
  },
  'POST /api/deals/:id/items/:itemId/dispute': {
    expect: ownerOnly(200, 404),
    request: async (w) => {
      const deal = await deliveredToUser(w);
      return {
        params: { id: deal.id, itemId: deal.itemId },
        body: { reason: 'not_as_agreed', details: 'Matrix check' },
      };
    },
  },
  // Evidence for a dispute: an upload row, so a JSON body is refused with 415 once the session is checked.
  'POST /api/deals/:id/items/:itemId/dispute-evidence': {
    expect: signedIn(415),
    request: async (w) => {
      const deal = await disputedByUser(w);
      return { params: { id: deal.id, itemId: deal.itemId }, body: {} };
    },
  },
  'POST /api/admin/deals/:id/resolve': {
    expect: adminOnly(200),
    request: async (w) => {
      const deal = await disputedByUser(w);
      return {
        params: { id: deal.id },
        body: { itemId: deal.itemId, outcome: 'redeliver', note: 'Matrix check' },
      };
    },
  },
  'GET /api/admin/deals/:id/record': {
    expect: adminOnly(200),
    request: async (w) => ({ params: { id: (await deliveredToUser(w)).id } }),
  },
  'POST /api/deals/:id/reviews': {
    expect: ownerOnly(201, 404),
    request: async (w) => ({ params: { id: await completedDeal(w) }, body: { rating: 5, text: 'Matrix' } }),
  },
  'POST /api/reviews/:id/reply': {
    // Only the reviewed business replies (403 for anyone else who can see the public review).
    expect: { anonymous: 401, user: 200, other: 403, suspended: 403, admin: 403 },
    request: async (w) => ({ params: { id: await publicReviewOfUser(w) }, body: { text: 'Thank you' } }),
  },
  'POST /api/reviews/:id/report': {
    expect: signedIn(200),
    request: async (w) => ({ params: { id: await publicReviewOfUser(w) }, body: { reason: 'Matrix check' } }),
  },
  'GET /api/admin/reviews/reported': { expect: adminOnly(200) },
  'POST /api/admin/reviews/:id/hide': {
    expect: adminOnly(200),
    request: async (w) => ({ params: { id: await publicReviewOfUser(w) }, body: { reason: 'Matrix check' } }),
  },
  'POST /api/admin/reviews/:id/dismiss-reports': {
    expect: adminOnly(200),
    request: async (w) => ({ params: { id: await reportedReviewOfUser(w) }, body: {} }),
  },
  'POST /api/deals/:id/commission/order': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ params: { id: await acceptedDealOfUser(w) } }),
  },
  'POST /api/deals/:id/commission/verify': {
    // Paying is once: every cell gets a fresh world with its own unpaid commission.
    expect: ownerOnly(200, 404),
    isolate: true,
    request: async (w) => {
      const { id, payment } = await paidCommissionOfUser(w);
      return { params: { id }, body: payment };
    },
  },
};

/** tRPC procedures, keyed by their dotted path. */
export const TRPC_MATRIX: Record<string, MatrixRow> = {
  // accounts
  'accounts.session': { expect: open(200) },
  'accounts.sendEmailOtp': { expect: open(200), request: () => ({ input: { email: freshEmail() } }) },
  'accounts.verifyOtp': {
    expect: open(200),
    request: async (w) => {
      const { otp_token, otp } = await mailedCode(w);
      return { input: { otp_token, otp } };
    },
  },
  'accounts.signup': {
    expect: open(200),
    request: async (w) => {
      const { proofToken, fields } = await signupInput(w);
      return { input: { ...fields, proofToken } };
    },
  },
  'accounts.login': {
    expect: { ...open(200), suspended: 403 },
    request: (w, c) => ({ input: { email: actorOf(w, c).user.email, password: actorOf(w, c).password } }),
  },
  'accounts.logout': { expect: signedIn(200), isolate: true },
  'accounts.me': { expect: signedIn(200) },
  'accounts.accountManager': { expect: signedIn(200) },
  'accounts.updateProfile': {
    expect: signedIn(200),
    request: () => ({ input: { companyName: 'Matrix & Co' } }),
  },
  'accounts.changePassword': {
    expect: signedIn(200),
    isolate: true,
    request: (w, c) => ({
      input: { currentPassword: actorOf(w, c).password, newPassword: 'matrix-new-password-2' },
    }),
  },
  'accounts.switchRole': { expect: signedIn(200), request: () => ({ input: { role: 'media_owner' } }) },
  'accounts.preferences': { expect: signedIn(200) },
  'accounts.updatePreferences': {
    expect: signedIn(200),
    request: () => ({ input: { emailUpdates: false } }),
  },
  // Nothing pending for these callers: signed-in callers get past the gate and are refused on the merits.
  'accounts.requestEmailChange': {
    expect: signedIn(200),
    request: (w, c) => ({ input: { newEmail: freshEmail(), password: actorOf(w, c).password } }),
  },
  'accounts.confirmEmailChange': {
    expect: signedIn(400),
    request: () => ({ input: { otp_token: 'not-a-real-token', otp: '123456' } }),
  },
  'accounts.requestPasswordReset': { expect: open(200), request: () => ({ input: { email: freshEmail() } }) },
  'accounts.resetPassword': {
    expect: open(400),
    request: () => ({
      input: { otp_token: 'not-a-real-token', otp: '123456', newPassword: 'matrix-new-pass' },
    }),
  },
  'accounts.exportData': { expect: signedIn(200) },
  'accounts.deleteAccount': {
    expect: signedIn(200),
    isolate: true,
    request: (w, c) => ({ input: { password: actorOf(w, c).password } }),
  },
  // listings
  'listings.search': { expect: open(200), request: () => ({ input: { q: 'matrix', limit: 5 } }) },
  'listings.featured': { expect: open(200) },
  'listings.create': { expect: signedIn(200), request: () => ({ input: newListing }) },
  'listings.mine': { expect: signedIn(200) },
  'listings.update': {
    expect: ownerOnly(200, 403),
    request: (w) => ({ input: { id: w.listing.id, title: 'Matrix listing, edited' } }),
  },
  'listings.feature': { expect: ownerOnly(403, 403), request: (w) => ({ input: listingId(w) }) },
  'listings.archive': {
    expect: ownerOnly(200, 403),
    isolate: true,
    request: (w) => ({ input: listingId(w) }),
  },
  'listings.restore': {
    expect: ownerOnly(200, 403),
    request: (w) => ({ input: listingId(w) }),
  },
  'listings.categoryCounts': { expect: open(200) },
  'listings.get': { expect: open(200), request: (w) => ({ input: listingId(w) }) },
  'listings.allowance': { expect: signedIn(200) },
  // tRPC callers cannot upload: the file is missing, so a signed-in caller's input is refused.
  'listings.addPhoto': { expect: signedIn(400), request: (w) => ({ input: listingId(w) }) },
  'listings.removePhoto': {
    expect: ownerOnly(404, 403),
    request: (w) => ({ input: { id: w.listing.id, index: 0 } }),
  },
  'businessPages.get': { expect: open(200), request: (w) => ({ input: { id: w.listing.ownerId } }) },
  'listings.stats': { expect: signedIn(200) },
  'listings.recordViews': { expect: open(200), request: (w) => ({ input: { ids: [w.listing.id] } }) },
  'listings.recordContactClick': { expect: open(200), request: (w) => ({ input: listingId(w) }) },
  // contact
  'contact.send': { expect: open(200), request: () => ({ input: contactForm() }) },
  // messages
  'messages.conversations': { expect: signedIn(200) },
  'messages.conversation': {
    expect: ownerOnly(200, 404),
    request: (w) => ({ input: { conversationId: w.conversationId } }),
  },
  'messages.start': {
    expect: { ...signedIn(200), user: 400 },
    request: (w) => ({ input: { barterId: w.listing.id, text: 'Interested!' } }),
  },
  'messages.list': {
    expect: ownerOnly(200, 404),
    request: (w) => ({ input: { conversationId: w.conversationId } }),
  },
  'messages.send': {
    expect: ownerOnly(200, 404),
    request: (w) => ({ input: { conversationId: w.conversationId, text: 'Reply from the matrix' } }),
  },
  'messages.markRead': {
    expect: ownerOnly(200, 404),
    request: (w) => ({ input: { conversationId: w.conversationId } }),
  },
  'messages.unreadCount': { expect: signedIn(200) },
  'messages.events': { expect: signedIn(200) },
  // payments
  'payments.config': { expect: open(200) },
  'payments.createOrder': {
    expect: signedIn(200),
    request: () => ({ input: { planId: 'starter', period: 'monthly' } }),
  },
  'payments.verify': {
    expect: ownerOnly(200, 404),
    isolate: true,
    request: async (w) => ({ input: (await paidOrderOfUser(w)).payment }),
  },
  'payments.webhook': {
    expect: open(200),
    isolate: true,
    request: async (w) => {
      const hook = await signedWebhook(w);
      return {
        input: {
          rawBody: hook.body,
          signature: hook.headers['x-razorpay-signature'] ?? hook.headers['X-Razorpay-Signature'],
          eventId: hook.eventId,
        },
      };
    },
  },
  'payments.subscription': { expect: signedIn(200) },
  'payments.history': { expect: signedIn(200) },
  'payments.changePlan': {
    expect: signedIn(200),
    request: () => ({ input: { planId: 'growth', period: 'yearly' } }),
  },
  'payments.cancel': { expect: signedIn(409) },
  'payments.requestRefund': {
    expect: signedIn(404),
    request: () => ({ input: { paymentId: UNKNOWN_SUBMISSION, reason: 'Matrix refund request' } }),
  },
  'payments.refunds': { expect: signedIn(200) },
  'payments.invoices': { expect: signedIn(200) },
  'apiKeys.list': { expect: signedIn(200) },
  'apiKeys.create': {
    expect: signedIn(403),
    request: () => ({ input: { name: 'Matrix key', scope: 'read' } }),
  },
  'apiKeys.revoke': { expect: signedIn(404), request: () => ({ input: { id: 'matrixunknownkey' } }) },
  'payments.adminRefunds': { expect: adminOnly(200), request: () => ({ input: {} }) },
  'payments.adminPayments': { expect: adminOnly(200), request: () => ({ input: { limit: 5 } }) },
  'payments.adminRevenue': { expect: adminOnly(200), request: () => ({ input: {} }) },
  'admin.enterpriseMembers': { expect: adminOnly(200) },
  'admin.setAccountManager': {
    expect: adminOnly(200),
    request: (w) => ({ input: { userId: w.actors.other.user.id, managerId: null } }),
  },
  'payments.adminDecideRefund': {
    expect: adminOnly(404),
    request: () => ({ input: { id: UNKNOWN_SUBMISSION, approve: false } }),
  },
  // admin
  'admin.metrics': { expect: adminOnly(200) },
  'admin.usersByCountry': { expect: adminOnly(200) },
  'admin.users': { expect: adminOnly(200), request: () => ({ input: { limit: 5 } }) },
  'admin.listings': { expect: adminOnly(200), request: () => ({ input: { limit: 5 } }) },
  'admin.setUserStatus': {
    expect: adminOnly(200),
    request: (w) => ({ input: { id: w.actors.other.user.id, status: 'active' } }),
  },
  'admin.setListingVerified': {
    expect: adminOnly(200),
    request: (w) => ({ input: { id: w.listing.id, verified: true } }),
  },
  'admin.archiveListing': {
    expect: adminOnly(200),
    request: (w) => ({ input: { id: w.listing.id, reason: 'Matrix check' } }),
  },
  'admin.activity': { expect: adminOnly(200) },
  // businesses (verification)
  'businesses.myVerification': { expect: signedIn(200) },
  // tRPC callers cannot upload: the certificate is missing, so a signed-in caller's input is refused.
  'businesses.submitVerification': {
    expect: signedIn(400),
    request: () => ({ input: { gstin: '27AAPFU0939F1ZV', legalName: 'Matrix Media LLP' } }),
  },
  'businesses.verifications': { expect: adminOnly(200), request: () => ({ input: { limit: 5 } }) },
  'businesses.decideVerification': {
    expect: adminOnly(404),
    request: () => ({ input: { id: UNKNOWN_SUBMISSION, decision: 'approve' } }),
  },
  // deals (issue 19)
  'deals.propose': {
    expect: { ...signedIn(200), user: 400 },
    request: (w, c) => ({
      input: { listingId: w.listing.id, items: dealItems(w, actorOf(w, c).user.id), openDays: 7 },
    }),
  },
  'notifications.list': { expect: signedIn(200), request: () => ({ input: { limit: 5 } }) },
  'notifications.unreadCount': { expect: signedIn(200) },
  'notifications.markRead': { expect: signedIn(200), request: () => ({ input: { all: true } }) },
  'notifications.preferences': { expect: signedIn(200) },
  'notifications.setPreference': {
    expect: signedIn(200),
    request: () => ({ input: { kind: 'new_matches', email: true } }),
  },
  'notifications.events': { expect: signedIn(200) },
  'events.list': { expect: signedIn(200), request: () => ({ input: { after: 0, limit: 5 } }) },
  'whatsapp.get': { expect: signedIn(200) },
  'whatsapp.update': {
    expect: signedIn(200),
    request: () => ({ input: { phoneNumber: '9876543210', dealUpdates: false, matchAlerts: false } }),
  },
  'whatsapp.confirm': {
    expect: signedIn(400),
    request: () => ({ input: { otp_token: `${crypto.randomUUID()}.${'a'.repeat(32)}`, otp: '123456' } }),
  },
  'whatsapp.openLink': { expect: open(404), request: () => ({ input: { token: 'not-a-link' } }) },
  'whatsapp.handshake': {
    expect: open(404),
    request: () => ({ input: { mode: 'subscribe', token: 'x', challenge: '1' } }),
  },
  'whatsapp.webhook': {
    expect: open(404),
    request: () => ({ input: { rawBody: '{"object":"whatsapp_business_account"}' } }),
  },
  'matching.list': { expect: signedIn(200) },
  'savedSearches.list': { expect: signedIn(200) },
  'savedSearches.create': {
    expect: signedIn(200),
    request: () => ({ input: { name: 'Matrix', query: { q: 'radio' }, frequency: 'instant' } }),
  },
  'savedSearches.update': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ input: { id: await savedSearchOfUser(w), name: 'Renamed' } }),
  },
  'savedSearches.delete': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ input: { id: await savedSearchOfUser(w) } }),
  },
  'matching.unmatchedNeeds': { expect: adminOnly(200) },
  'admin.jobs': { expect: adminOnly(200) },
  // partner webhooks (issue 31)
  'webhooks.list': { expect: signedIn(200) },
  'webhooks.create': {
    expect: signedIn(403),
    request: () => ({ input: { url: 'https://10.0.0.1/hook', types: ['deal.proposed'] } }),
  },
  'webhooks.update': {
    expect: signedIn(404),
    request: () => ({ input: { id: UNKNOWN_WEBHOOK, enabled: false } }),
  },
  'webhooks.delete': { expect: signedIn(404), request: () => ({ input: { id: UNKNOWN_WEBHOOK } }) },
  'webhooks.rotateSecret': { expect: signedIn(403), request: () => ({ input: { id: UNKNOWN_WEBHOOK } }) },
  'webhooks.test': { expect: signedIn(403), request: () => ({ input: { id: UNKNOWN_WEBHOOK } }) },
  'webhooks.deliveries': { expect: signedIn(404), request: () => ({ input: { id: UNKNOWN_WEBHOOK } }) },
  'webhooks.resend': {
    expect: signedIn(403),
    request: () => ({ input: { id: UNKNOWN_WEBHOOK, deliveryId: UNKNOWN_WEBHOOK } }),
  },
  // circle deals and the trade desk (issue 32)
  'circles.accepts': { expect: signedIn(200) },
  'circles.saveAccepts': {
    expect: signedIn(200),
    request: () => ({ input: { categories: ['outdoor'], cities: [], minValueInr: 0, maxValueInr: 100_000 } }),
  },
  'circles.list': { expect: signedIn(200) },
  'circles.get': { expect: signedIn(404), request: () => ({ input: { id: UNKNOWN_CIRCLE } }) },
  'circles.accept': { expect: signedIn(404), request: () => ({ input: { id: UNKNOWN_CIRCLE } }) },
  'circles.decline': { expect: signedIn(404), request: () => ({ input: { id: UNKNOWN_CIRCLE } }) },
  'tradeDesk.desk': { expect: adminOnly(200) },
  'tradeDesk.figures': { expect: adminOnly(200) },
  'tradeDesk.draft': {
    expect: { ...adminOnly(403), admin: 403 },
    request: (w) => ({ input: { listingIds: [w.listing.id, w.listing.id, w.listing.id] } }),
  },
  'tradeDesk.setBroker': {
    expect: adminOnly(200),
    request: (w) => ({ input: { id: w.actors.peer.user.id, broker: false } }),
  },
  'deals.list': { expect: signedIn(200), request: () => ({ input: { status: 'proposed' } }) },
  'deals.get': { expect: partyOrAdmin(200), request: async (w) => ({ input: { id: await dealToUser(w) } }) },
  'tax.issueLeg': { expect: ownerOnly(409, 404), request: async (w) => ({ input: await legOfUser(w) }) },
  'tax.statement': {
    expect: signedIn(200),
    request: () => ({ input: { from: '2026-04-01', to: '2027-03-31' } }),
  },
  'tax.setInvoiceSeries': { expect: signedIn(200), request: () => ({ input: { prefix: 'MX/26-27/' } }) },
  'tax.invoiceSeries': { expect: signedIn(200) },
  'tax.toIssue': { expect: signedIn(200) },
  'tax.einvoice': { expect: partyOrAdmin(409), request: async (w) => ({ input: await legOfUser(w) }) },
  'tax.preview': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ input: { id: await dealToUser(w) } }),
  },
  'deals.counter': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({
      input: { id: await dealToUser(w), items: dealItems(w, w.actors.peer.user.id, true), openDays: 14 },
    }),
  },
  'deals.accept': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ input: { id: await dealToUser(w), version: 1 } }),
  },
  'deals.decline': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ input: { id: await dealToUser(w) } }),
  },
  'deals.withdraw': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ input: { id: await dealFromUser(w) } }),
  },
  'deals.deliver': {
    expect: ownerOnly(200, 404),
    request: async (w) => {
      const deal = await acceptedDealForDelivery(w);
      return { input: { id: deal.id, itemId: deal.userItem, link: 'https://example.com/x' } };
    },
  },
  'deals.acceptDelivery': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ input: await deliveredToUser(w) }),
  },
  'deals.dispute': {
    expect: ownerOnly(200, 404),
    request: async (w) => {
      const deal = await deliveredToUser(w);
      return { input: { id: deal.id, itemId: deal.itemId, reason: 'partly_delivered', details: 'Matrix' } };
    },
  },
  // tRPC callers cannot upload: the files are missing, so a signed-in caller's input is refused.
  'deals.disputeEvidence': {
    expect: signedIn(400),
    request: async (w) => {
      const deal = await disputedByUser(w);
      return { input: { id: deal.id, itemId: deal.itemId } };
    },
  },
  'deals.adminResolve': {
    expect: adminOnly(200),
    request: async (w) => {
      const deal = await disputedByUser(w);
      return { input: { id: deal.id, itemId: deal.itemId, outcome: 'accept', note: 'Matrix check' } };
    },
  },
  'deals.adminRecord': {
    expect: adminOnly(200),
    request: async (w) => ({ input: { id: (await deliveredToUser(w)).id } }),
  },
  // reviews (issue 20)
  'reviews.create': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ input: { id: await completedDeal(w), rating: 4, text: 'Matrix' } }),
  },
  'reviews.forDeal': {
    expect: partyOrAdmin(200),
    request: async (w) => ({ input: { id: (await acceptedDealForDelivery(w)).id } }),
  },
  'reviews.reply': {
    // Only the reviewed business replies (403 for anyone else who can see the public review).
    expect: { anonymous: 401, user: 200, other: 403, suspended: 403, admin: 403 },
    request: async (w) => ({ input: { id: await publicReviewOfUser(w), text: 'Thank you' } }),
  },
  'reviews.report': {
    expect: signedIn(200),
    request: async (w) => ({ input: { id: await publicReviewOfUser(w), reason: 'Matrix check' } }),
  },
  'reviews.business': { expect: open(200), request: (w) => ({ input: { id: w.listing.ownerId } }) },
  'reviews.adminReported': { expect: adminOnly(200) },
  'reviews.adminHide': {
    expect: adminOnly(200),
    request: async (w) => ({ input: { id: await publicReviewOfUser(w), reason: 'Matrix check' } }),
  },
  'reviews.adminDismissReports': {
    expect: adminOnly(200),
    request: async (w) => ({ input: { id: await reportedReviewOfUser(w) } }),
  },
  'deals.allowance': { expect: signedIn(200) },
  'deals.adminList': { expect: adminOnly(200), request: () => ({ input: { limit: 5 } }) },
  'deals.adminCancel': {
    expect: adminOnly(200),
    request: async (w) => ({ input: { id: await dealToUser(w), reason: 'Matrix check' } }),
  },
  'deals.commissionOrder': {
    expect: ownerOnly(200, 404),
    request: async (w) => ({ input: { id: await acceptedDealOfUser(w) } }),
  },
  'deals.verifyCommission': {
    expect: ownerOnly(200, 404),
    isolate: true,
    request: async (w) => {
      const { id, payment } = await paidCommissionOfUser(w);
      return { input: { id, ...payment } };
    },
  },
};

/**
 * Procedures that end the caller's session or account, or change its password: hostile-input tests give them
 * a fresh session for every call so that the rest of the run keeps a live one.
 */
export const SESSION_ENDING = new Set([
  'accounts.logout',
  'accounts.deleteAccount',
  'accounts.changePassword',
  'admin.setUserStatus',
]);
