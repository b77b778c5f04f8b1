import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  render,
  Section,
  Text,
} from '@react-email/components';
import { Fragment } from 'react';
import type { Mailer } from './mailer';

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
  /** The mail's language (the HTML's `lang`); English when not given. */
  language?: string;
  /** A one-time code, shown large after the first paragraph (account mails). */
  code?: string;
  /**
   * An account mail (a code, a changed password or address): sent whatever the member's e-mail choices, so no
   * greeting by name and no preference link, but the layout, the button and the plain-text part of every mail.
   */
  account?: true;
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
    <Html lang={mail.language ?? 'en'}>
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
          {!mail.account && (
            <Text style={{ fontSize: '16px', lineHeight: '24px', color: colors.text, margin: '0 0 12px' }}>
              {mail.greeting ?? 'Hello'} {mail.firstName || 'there'},
            </Text>
          )}
          {mail.paragraphs.map((p, i) => (
            <Fragment key={p}>
              <Text style={{ fontSize: '16px', lineHeight: '24px', color: colors.text, margin: '0 0 12px' }}>
                {p}
              </Text>
              {i === 0 && mail.code && (
                <Text
                  style={{
                    fontSize: '32px',
                    lineHeight: '40px',
                    fontWeight: 700,
                    letterSpacing: '6px',
                    color: colors.text,
                    margin: '8px 0 20px',
                  }}
                >
                  {mail.code}
                </Text>
              )}
            </Fragment>
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
          {mail.account ? (
            <Text style={{ fontSize: '13px', lineHeight: '20px', color: colors.dimmed, margin: 0 }}>
              You get this e-mail because of a request for a BarterAds account with this address.
            </Text>
          ) : (
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
          )}
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
  headers?: Record<string, string>,
): Promise<void> {
  const rendered = await renderMemberMail(mail);
  await mailer.send({ to, ...rendered, ...(headers ? { headers } : {}) });
}

/** An account mail as the mail modules write it: its subject and plain text (kept as they are: the text part). */
export interface AccountMailText {
  subject: string;
  text: string;
}

/**
 * An account mail (a sign-up or verification code, a password reset, a changed address or password) in the members'
 * layout: the HTML part from the same words as the plain-text part, which is sent unchanged; its paragraphs are the
 * text's blank-line-separated blocks. `code` is shown large; `action` is the button (Sign in, Create an account).
 */
export async function renderAccountMail(
  appUrl: string,
  mail: AccountMailText,
  extras: { language?: string; code?: string; action?: { label: string; path: string } } = {},
): Promise<RenderedMail> {
  const paragraphs = mail.text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').join(' ').trim())
    .filter((block) => block !== '');
  const html = await render(
    <Layout
      mail={{
        appUrl,
        subject: mail.subject,
        firstName: null,
        paragraphs,
        account: true,
        ...(extras.language ? { language: extras.language } : {}),
        ...(extras.code ? { code: extras.code } : {}),
        ...(extras.action ? { action: extras.action } : {}),
      }}
    />,
  );
  return { subject: mail.subject, text: mail.text, html };
}
