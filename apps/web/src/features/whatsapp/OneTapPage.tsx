import { errorMessage, trpc } from '@barterads/api-client';
import { Alert, Badge, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSessionUser } from '../accounts/session';
import { formatInr } from '../listings/format';

/**
 * A one-tap link from WhatsApp: signed in as its member, straight to the deal page (the accept dialog ready for
 * Accept; never accepted unseen). Otherwise the deal itself, read-only, as that member sees it, and a sign-in that
 * comes back to it: the link opens this one deal's page and nothing else.
 */
export function OneTapPage({ token }: { token: string }) {
  const { user, isLoading } = useSessionUser();
  const link = trpc.whatsapp.openLink.useQuery({ token }, { retry: false });
  const navigate = useNavigate();
  const data = link.data;
  const own = Boolean(user && data && user._id === data.userId);

  useEffect(() => {
    if (!own || !data) return;
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
        <Stack aria-label="Opening your deal">
          <Skeleton h={32} w="60%" />
          <Skeleton h={160} />
        </Stack>
      </Container>
    );
  }
  if (link.isError || !data) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title="This link does not open a deal">
          <Stack gap="xs">
            <Text size="sm">{errorMessage(link.error)}</Text>
            <Button component={Link} to="/login" w="fit-content" size="compact-sm">
              Sign in
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  const deal = data.deal;
  const redirect = `/dashboard/deals/${data.dealId}${data.dialog ? `?dialog=${data.dialog}` : ''}`;
  return (
    <Container size="sm" py="xl">
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="one-tap-title">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={1} fz="h3" id="one-tap-title">
              Deal {deal.number ?? `with ${deal.otherName}`}
            </Title>
            <Badge variant="light">{deal.status}</Badge>
          </Group>
          <Text size="sm">
            With {deal.otherName}. You get {formatInr(deal.youGet)} and give {formatInr(deal.youGive)}.
          </Text>
          <Stack gap={4}>
            {deal.items.map((item) => (
              <Text size="sm" key={`${item.title}-${item.valueInr}-${item.fromYou}`}>
                {item.fromYou ? 'You give' : 'You get'}: {item.title} ({item.quantity} {item.unit}),{' '}
                {formatInr(item.valueInr)}
              </Text>
            ))}
          </Stack>
          <Text size="sm" c="dimmed">
            {user
              ? 'This link was sent to another BarterAds account. Sign in as that member to answer.'
              : 'Sign in to answer. Nothing is done on this deal until you confirm it on the deal page.'}
          </Text>
          <Button w="fit-content" onClick={() => void navigate({ to: '/login', search: { redirect } })}>
            {data.dialog === 'accept' ? 'Sign in to review and accept' : 'Sign in to open the deal'}
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
