import {
  callsProcedure,
  DEMO_ADVERTISER_EMAIL,
  DEMO_MEDIA_OWNER_EMAIL,
  DEMO_PASSWORD,
  signInInNewContext,
} from '@barterads/testing/e2e';
import { type Browser, expect, type Page, test } from '@playwright/test';

/** The seeded demo listing n = 0: owned by the demo media owner (Aarav Sharma). */
const OWNER_LISTING_ID = '00000000-0000-4000-8200-000000000001';

const signIn = (browser: Browser, email: string, viewport?: { width: number; height: number }) =>
  signInInNewContext(browser, email, DEMO_PASSWORD, '/dashboard/messages', viewport ? { viewport } : {});

/** Opens (or reopens) the conversation about a listing as the signed-in user, like the card's Message button. */
async function openConversation(page: Page, listingId: string): Promise<string> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/trpc/messages.start', {
    data: { barterId: listingId },
    headers: { origin },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { result: { data: { conversation: { _id: string } } } };
  return body.result.data.conversation._id;
}

const messagesLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const badge = (page: Page) => page.getByTestId('unread-badge');

test('a media owner and an advertiser chat live; the unread badge clears when read', async ({ browser }) => {
  const owner = await signIn(browser, DEMO_MEDIA_OWNER_EMAIL);
  const advertiser = await signIn(browser, DEMO_ADVERTISER_EMAIL);
  try {
    await expect(owner.page.getByText('No conversations yet.', { exact: false })).toBeVisible();
    await expect(badge(owner.page)).toBeHidden();

    const conversationId = await openConversation(advertiser.page, OWNER_LISTING_ID);
    await advertiser.page.goto(`/dashboard/messages?c=${conversationId}`);
    await expect(advertiser.page.getByRole('heading', { name: 'Aarav Sharma' })).toBeVisible();
    await expect(advertiser.page.getByText('No messages yet. Say hello')).toBeVisible();

    // Blank text is ignored; Enter sends; the message shows at once.
    await composer(advertiser.page).fill('   ');
    await composer(advertiser.page).press('Enter');
    await expect(advertiser.page.getByRole('button', { name: 'Send' })).toBeDisabled();
    await composer(advertiser.page).fill('Hello Aarav, is the banner slot free in March?');
    await composer(advertiser.page).press('Enter');
    await expect(composer(advertiser.page)).toHaveValue('');
    await expect(
      messagesLog(advertiser.page).getByText('Hello Aarav, is the banner slot free in March?'),
    ).toBeVisible();

    // The owner, on the page all along, sees the conversation and the unread badge appear live.
    await expect(badge(owner.page)).toHaveText('1', { timeout: 5_000 });
    await expect(badge(owner.page)).toHaveAccessibleName('1 unread message');
    const item = owner.page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: /Priya Nair/ });
    await expect(item).toContainText('Hello Aarav, is the banner slot free in March?');
    await item.click();
    await expect(
      messagesLog(owner.page).getByText('Hello Aarav, is the banner slot free in March?'),
    ).toBeVisible();
    await expect(owner.page.getByText('About:')).toContainText('Homepage banner on a regional news portal');
    // Reading clears the badge.
    await expect(badge(owner.page)).toBeHidden();

    // The owner answers with two lines (Shift+Enter); the advertiser sees it live, and the owner sees it read.
    await composer(owner.page).fill('Yes, it is free.');
    await composer(owner.page).press('Shift+Enter');
    await composer(owner.page).pressSequentially('Shall we talk terms?');
    await composer(owner.page).press('Enter');
    const reply = messagesLog(advertiser.page).getByText('Yes, it is free.');
    await expect(reply).toBeVisible({ timeout: 5_000 });
    await expect(reply).toContainText('Shall we talk terms?');
    await expect(messagesLog(owner.page).getByText('Seen')).toBeVisible({ timeout: 5_000 });
    await expect(badge(advertiser.page)).toBeHidden();

    // Plain text only: markup is shown, never rendered.
    await composer(advertiser.page).fill('<b>not bold</b>');
    await composer(advertiser.page).press('Enter');
    await expect(messagesLog(owner.page).getByText('<b>not bold</b>')).toBeVisible({ timeout: 5_000 });
    expect(await messagesLog(owner.page).locator('b').count()).toBe(0);

    // Everything was stored: a fresh load shows the whole conversation.
    await advertiser.page.reload();
    await expect(
      messagesLog(advertiser.page).getByText('Hello Aarav, is the banner slot free in March?'),
    ).toBeVisible();
    await expect(messagesLog(advertiser.page).getByText('Shall we talk terms?')).toBeVisible();
  } finally {
    await owner.context.close();
    await advertiser.context.close();
  }
});

test('a failed send stays on screen with Retry, and a phone shows one pane at a time', async ({
  browser,
}) => {
  const advertiser = await signIn(browser, DEMO_ADVERTISER_EMAIL, { width: 360, height: 740 });
  // Its own words: the demo conversation keeps the messages of earlier runs.
  const text = `This one will fail first (${Date.now().toString(36)})`;
  try {
    const conversationId = await openConversation(advertiser.page, OWNER_LISTING_ID);
    await advertiser.page.goto('/dashboard/messages');
    const list = advertiser.page.getByRole('list', { name: 'Conversations' });
    await list.getByRole('button', { name: /Aarav Sharma/ }).click();
    await expect(advertiser.page).toHaveURL(new RegExp(`c=${conversationId}`));
    await expect(list).toBeHidden();

    // The network drops: the message is kept with its failure and can be retried.
    const send = callsProcedure('messages.send');
    await advertiser.page.route(send, (route) => route.abort());
    await composer(advertiser.page).fill(text);
    await composer(advertiser.page).press('Enter');
    await expect(advertiser.page.getByRole('alert').filter({ hasText: 'Message not sent.' })).toBeVisible();
    await advertiser.page.unroute(send);
    // The retry reaches the server, whose live event arrives before the answer to the request (held here): the
    // thread shows the message once, never its pending copy beside the server's.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await advertiser.page.route(send, async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await advertiser.page.getByRole('button', { name: 'Retry' }).click();
    await expect(advertiser.page.getByRole('button', { name: 'Retry' })).toBeHidden();
    await expect(messagesLog(advertiser.page).getByText('Sending…')).toBeHidden();
    await expect(messagesLog(advertiser.page).getByText(text)).toHaveCount(1);
    const answered = advertiser.page.waitForResponse((response) => send(new URL(response.url())));
    release();
    await answered;
    await expect(messagesLog(advertiser.page).getByText(text)).toHaveCount(1);
    await expect(messagesLog(advertiser.page).getByText(text)).toBeVisible();

    await advertiser.page.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(list).toBeVisible();
    await expect(advertiser.page.getByRole('textbox', { name: 'Message' })).toBeHidden();
  } finally {
    await advertiser.context.close();
  }
});

test("the marketplace card's Message button opens the conversation with the owner, and is hidden on your own listing", async ({
  browser,
}) => {
  const title = 'Homepage banner on a regional news portal';
  const advertiser = await signIn(browser, DEMO_ADVERTISER_EMAIL);
  const owner = await signIn(browser, DEMO_MEDIA_OWNER_EMAIL);
  try {
    await advertiser.page.goto(`/marketplace?q=${encodeURIComponent(title)}`);
    const card = advertiser.page.getByRole('article', { name: title }).first();
    await card.getByRole('button', { name: 'Message' }).click();
    await expect(advertiser.page).toHaveURL(/\/dashboard\/messages\?c=/);
    await expect(advertiser.page.getByRole('heading', { name: 'Aarav Sharma' })).toBeVisible();
    await expect(advertiser.page.getByText('About:')).toContainText(title);

    await owner.page.goto(`/marketplace?q=${encodeURIComponent(title)}`);
    const ownCard = owner.page.getByRole('article', { name: title }).first();
    await expect(ownCard).toBeVisible();
    await expect(ownCard.getByRole('button', { name: 'Message' })).toHaveCount(0);
  } finally {
    await advertiser.context.close();
    await owner.context.close();
  }
});

test('an open messages page signs out, saying so, once its session is revoked elsewhere', async ({
  browser,
  request,
}) => {
  const owner = await signIn(browser, DEMO_MEDIA_OWNER_EMAIL);
  const advertiser = await signIn(browser, DEMO_ADVERTISER_EMAIL);
  const send = async (conversationId: string, text: string) => {
    const origin = new URL(advertiser.page.url()).origin;
    const response = await advertiser.page.request.post('/trpc/messages.send', {
      data: { conversationId, text },
      headers: { origin },
    });
    expect(response.ok()).toBe(true);
  };
  try {
    const conversationId = await openConversation(advertiser.page, OWNER_LISTING_ID);
    // The owner's page is live: a message arrives without a reload.
    await send(conversationId, 'Are you still there?');
    const conversations = owner.page.getByRole('list', { name: 'Conversations' });
    await expect(conversations).toContainText('Are you still there?', { timeout: 5_000 });

    // The owner logs out on another device: this tab's session is gone, and its live stream must not
    // carry the next message. The tab signs out and says why.
    const token = (await owner.context.cookies()).find((c) => c.name === 'barterads_session')?.value;
    expect(token).toBeTruthy();
    const out = await request.post('/api/auth/logout', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status()).toBe(204);
    await send(conversationId, 'Only for a live session');
    await expect(owner.page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fmessages/, { timeout: 10_000 });
    await expect(owner.page.getByRole('alert').filter({ hasText: 'Your session has expired' })).toBeVisible();
    await expect(owner.page.getByText('Only for a live session')).toHaveCount(0);
  } finally {
    await owner.context.close();
    await advertiser.context.close();
  }
});
