// Each component from its own package: the '@react-email/components' barrel also loads Tailwind, Markdown and
// Prism (code blocks), 0.87 s of every server's start for components these mails never use.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { Mailer, OutgoingMail } from './mailer';

/**
 * Every e-mail to a member in one layout (product-spec-3 section 2): the wordmark, a greeting, the message, one clear
 * button to where it leads, and a footer with the preference link; HTML rendered from React components with
 * react-email (server-side only: the apps never import this file) and a plain-text part written from the same
 * content (not scraped from the HTML), so both say the same. Links are made absolute from APP_URL here.
 */
export interface MemberMail {
  /** APP_URL: every path below is made absolute against it. */
  appUrl: string;
  subject: string;
  /** The member's first name; "there" when empty. */
  firstName: string | null;
  /** The greeting word ("Hello" unless given). */
  greeting?: string;
  /** Paragraphs of plain text (escaped in the HTML). */
  paragraphs: string[];
  /** Items listed after the paragraphs, each a link (saved-search hits). */
  items?: { label: string; path: string }[];
  /** The button: its words and where it leads (a path in the web app, or an absolute URL). */
  action?: { label: string; path: string };
  /** Footer lines before the preference link (why the member gets this mail). */
  footer?: string[];
  /** A one-click unsubscribe for this kind of mail (absolute URL), shown beside the preference link. */
  unsubscribeUrl?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function absolute(appUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${appUrl.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

const colors = { brand: '#1c7ed6', text: '#212529', dimmed: '#6c757d', border: '#dee2e6', page: '#f4f5f7' };

function Layout({ mail }: { mail: MemberMail }) {
  const settings = absolute(mail.appUrl, '/settings');
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Preview>{mail.paragraphs[0] ?? mail.subject}</Preview>
      <Body
        style={{
          backgroundColor: colors.page,
          margin: 0,
          padding: '16px 0',
          fontFamily: 'Arial, Helvetica, sans-serif',
        }}
      >
        <Container
          style={{
            maxWidth: '560px',
            width: '100%',
            backgroundColor: '#ffffff',
            border: `1px solid ${colors.border}`,
            borderRadius: '8px',
            padding: '24px 20px',
          }}
        >
          <Text style={{ margin: '0 0 16px', fontSize: '22px', fontWeight: 700, color: colors.brand }}>
            <Link href={absolute(mail.appUrl, '/')} style={{ color: colors.brand, textDecoration: 'none' }}>
              BarterAds
            </Link>
          </Text>
          <Text style={{ fontSize: '16px', lineHeight: '24px', color: colors.text, margin: '0 0 12px' }}>
            {mail.greeting ?? 'Hello'} {mail.firstName || 'there'},
          </Text>
          {mail.paragraphs.map((p) => (
            <Text
              key={p}
              style={{ fontSize: '16px', lineHeight: '24px', color: colors.text, margin: '0 0 12px' }}
            >
              {p}
            </Text>
          ))}
          {mail.items && mail.items.length > 0 && (
            <Section style={{ margin: '0 0 12px' }}>
              {mail.items.map((item) => (
                <Text key={item.path} style={{ fontSize: '16px', lineHeight: '24px', margin: '0 0 6px' }}>
                  <Link href={absolute(mail.appUrl, item.path)} style={{ color: colors.brand }}>
                    {item.label}
                  </Link>
                </Text>
              ))}
            </Section>
          )}
          {mail.action && (
            <Section style={{ margin: '20px 0' }}>
              <Button
                href={absolute(mail.appUrl, mail.action.path)}
                style={{
                  backgroundColor: colors.brand,
                  color: '#ffffff',
                  borderRadius: '6px',
                  padding: '12px 20px',
                  fontSize: '16px',
                  fontWeight: 700,
                  textDecoration: 'none',
                  display: 'inline-block',
                }}
              >
                {mail.action.label}
              </Button>
            </Section>
          )}
          <Hr style={{ borderColor: colors.border, margin: '20px 0 12px' }} />
          {(mail.footer ?? []).map((line) => (
            <Text
              key={line}
              style={{ fontSize: '13px', lineHeight: '20px', color: colors.dimmed, margin: '0 0 6px' }}
            >
              {line}
            </Text>
          ))}
          <Text style={{ fontSize: '13px', lineHeight: '20px', color: colors.dimmed, margin: 0 }}>
            <Link href={settings} style={{ color: colors.dimmed, textDecoration: 'underline' }}>
              Choose which e-mails you get
            </Link>
            {mail.unsubscribeUrl && (
              <>
                {' · '}
                <Link
                  href={mail.unsubscribeUrl}
                  style={{ color: colors.dimmed, textDecoration: 'underline' }}
                >
                  Unsubscribe from these alerts
                </Link>
              </>
            )}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The button's words for a notification's link. */
export function actionLabelFor(link: string): string {
  if (link.startsWith('/dashboard/deals')) return 'Open the deal';
  if (link.startsWith('/dashboard/messages')) return 'Read and reply';
  if (link.startsWith('/settings')) return 'Open your settings';
  if (link.startsWith('/dashboard/matches') || link.includes('match')) return 'See the matches';
  return 'Open BarterAds';
}

/** The plain-text part: the same content, each link written out. */
export function memberMailText(mail: MemberMail): string {
  const lines: string[] = [`${mail.greeting ?? 'Hello'} ${mail.firstName || 'there'},`, ''];
  for (const p of mail.paragraphs) lines.push(p, '');
  if (mail.items && mail.items.length > 0) {
    for (const item of mail.items) lines.push(`- ${item.label}: ${absolute(mail.appUrl, item.path)}`);
    lines.push('');
  }
  if (mail.action) lines.push(`${mail.action.label}: ${absolute(mail.appUrl, mail.action.path)}`, '');
  for (const line of mail.footer ?? []) lines.push(line);
  lines.push(`You can choose which e-mails you get in your settings: ${absolute(mail.appUrl, '/settings')}`);
  if (mail.unsubscribeUrl) lines.push(`Stop these alerts with one click: ${mail.unsubscribeUrl}`);
  lines.push('', 'BarterAds');
  return lines.join('\n');
}

export async function renderMemberMail(mail: MemberMail): Promise<RenderedMail> {
  return { subject: mail.subject, text: memberMailText(mail), html: await render(<Layout mail={mail} />) };
}

/** Renders a member's mail in the layout and sends it (both parts). */
export async function sendMemberMail(
  mailer: Mailer,
  to: string,
  mail: MemberMail,
  envelope: Pick<OutgoingMail, 'headers' | 'messageId'> = {},
): Promise<void> {
  const rendered = await renderMemberMail(mail);
  await mailer.send({ to, ...rendered, ...envelope });
}
