import { describe, expect, it } from 'vitest';
import { memberMailText, renderMemberMail } from './member-mail';

const mail = {
  appUrl: 'https://barterads.in/',
  subject: 'Kabir proposed a deal',
  firstName: 'Meera <b>',
  paragraphs: ['Kabir & Sons <script>alert(1)</script> proposed a barter deal.', 'Answer before Friday.'],
  items: [{ label: 'Hoarding "A" at the ring road', path: '/listings/123' }],
  action: { label: 'Open the deal', path: '/dashboard/deals/42' },
  footer: ['You get this because a deal concerns you.'],
  unsubscribeUrl: 'https://barterads.in/api/saved-searches/unsubscribe?id=1&sig=abc',
};

describe('member e-mails in one layout', () => {
  it('has an HTML part and a plain-text part with the same content', async () => {
    const rendered = await renderMemberMail(mail);
    expect(rendered.subject).toBe('Kabir proposed a deal');
    expect(rendered.html).toMatch(/^<!DOCTYPE html/);
    expect(rendered.html).toMatch(/<html[^>]* lang="en"/);
    expect(rendered.html).toContain('width=device-width');
    expect(rendered.text).toBe(memberMailText(mail));
    for (const words of ['proposed a barter deal.', 'Answer before Friday.', 'Open the deal', 'BarterAds']) {
      expect(rendered.text).toContain(words);
      expect(rendered.html).toContain(words);
    }
    expect(rendered.text).toContain('Open the deal: https://barterads.in/dashboard/deals/42');
    expect(rendered.text).toContain(
      'You can choose which e-mails you get in your settings: https://barterads.in/settings',
    );
    // Plain text: what the member wrote as written, and none of the layout's markup.
    expect(rendered.text).toContain('Kabir & Sons <script>');
    expect(rendered.text).not.toMatch(/<(a|p|table|td|html)[ >]/);
  });

  it('makes every link absolute: the button, the items, the logo, the preference and unsubscribe links', async () => {
    const { html } = await renderMemberMail(mail);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        'https://barterads.in/dashboard/deals/42',
        'https://barterads.in/listings/123',
        'https://barterads.in/settings',
        'https://barterads.in/',
        mail.unsubscribeUrl,
      ]),
    );
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/barterads\.in\//);
  });

  it('escapes what members wrote', async () => {
    const { html } = await renderMemberMail(mail);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Kabir &amp; Sons');
    expect(html).toContain('Meera &lt;b&gt;');
    expect(html).toMatch(/Hoarding (&quot;|")A(&quot;|") at the ring road/);
  });
});
