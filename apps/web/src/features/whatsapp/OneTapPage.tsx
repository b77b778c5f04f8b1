import { errorMessage, trpc } from '@barterads/api-client';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSessionUser } from '../accounts/session';
import { formatInr } from '../listings/format';

/**
 * A one-tap link from WhatsApp: signed in as its member, straight to the deal page (the accept dialog ready for
 * Accept; never accepted unseen), or to the circle's page for a circle proposal. Otherwise the deal itself,
 * read-only, as that member sees it (a circle: its number), and a sign-in that comes back to it: the link opens
 * this one deal's page and nothing else.
 */
export function OneTapPage({ token }: { token: string }) {
  const { t } = useLingui();
  const { user, isLoading } = useSessionUser();
  const link = trpc.whatsapp.openLink.useQuery({ token }, { retry: false });
  const navigate = useNavigate();
  const data = link.data;
  const own = Boolean(user && data && user._id === data.userId);

  useEffect(() => {
    if (!own || !data) return;
    if (data.page === 'circle') {
      void navigate({ to: '/dashboard/circles/$id', params: { id: data.circleId }, replace: true });
      return;
    }
    void navigate({
      to: '/dashboard/deals/$id',
      params: { id: data.dealId },
      search: data.dialog ? { dialog: data.dialog } : {},
      replace: true,
    });
  }, [own, data, navigate]);

  if (link.isPending || isLoading || own) {
    return (
      <Container size="sm" py="xl">
        <Stack aria-label={t`Opening your deal`}>
          <Skeleton h={32} w="60%" />
          <Skeleton h={160} />
        </Stack>
      </Container>
    );
  }
  if (link.isError || !data) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title={t`This link does not open a deal`}>
          <Stack gap="xs">
            <Text size="sm">{errorMessage(link.error)}</Text>
            <Button component={Link} to="/login" w="fit-content" size="compact-sm">
              <Trans>Sign in</Trans>
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  const elsewhere = user
    ? t`This link was sent to another BarterAds account. Sign in as that member to answer.`
    : t`Sign in to answer. Nothing is done on this deal until you confirm it on the deal page.`;
  if (data.page === 'circle') {
    const number = data.circle.number;
    return (
      <Container size="sm" py="xl">
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="one-tap-title">
          <Stack gap="sm">
            <Title order={1} fz="h3" id="one-tap-title">
              <Trans>Circle deal C-{number}</Trans>
            </Title>
            <Text size="sm">
              <Trans>
                A circle deal of three businesses was proposed to you. What you give and get is shown once you
                sign in.
              </Trans>
            </Text>
            <Text size="sm" c="dimmed">
              {elsewhere}
            </Text>
            <Button
              w="fit-content"
              onClick={() =>
                void navigate({ to: '/login', search: { redirect: `/dashboard/circles/${data.circleId}` } })
              }
            >
              <Trans>Sign in to open the circle deal</Trans>
            </Button>
          </Stack>
        </Card>
      </Container>
    );
  }
  const deal = data.deal;
  const redirect = `/dashboard/deals/${data.dealId}${data.dialog ? `?dialog=${data.dialog}` : ''}`;
  const other = deal.otherName;
  const youGet = formatInr(deal.youGet);
  const youGive = formatInr(deal.youGive);
  return (
    <Container size="sm" py="xl">
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="one-tap-title">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={1} fz="h3" id="one-tap-title">
              {deal.number ? <Trans>Deal {deal.number}</Trans> : <Trans>Deal with {other}</Trans>}
            </Title>
            <Badge variant="light">{deal.status}</Badge>
          </Group>
          <Text size="sm">
            <Trans>
              With {other}. You get {youGet} and give {youGive}.
            </Trans>
          </Text>
          <Stack gap={4}>
            {deal.items.map((item) => {
              const { title, quantity, unit } = item;
              const value = formatInr(item.valueInr);
              return (
                <Text size="sm" key={`${item.title}-${item.valueInr}-${item.fromYou}`}>
                  {item.fromYou ? (
                    <Trans>
                      You give: {title} ({quantity} {unit}), {value}
                    </Trans>
                  ) : (
                    <Trans>
                      You get: {title} ({quantity} {unit}), {value}
                    </Trans>
                  )}
                </Text>
              );
            })}
          </Stack>
          <Text size="sm" c="dimmed">
            {elsewhere}
          </Text>
          <Button w="fit-content" onClick={() => void navigate({ to: '/login', search: { redirect } })}>
            {data.dialog === 'accept' ? t`Sign in to review and accept` : t`Sign in to open the deal`}
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
