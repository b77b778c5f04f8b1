import { trpc } from '@barterads/api-client';
import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';

/** A signed-in user without the admin role gets a clear answer and a way out. */
export function NotAuthorized({ email }: { email: string }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  // The layout holds the user of its route context, which a cache update does not reach: go to the sign-in
  // page at once, as the top bar's Logout does (issue 17: the card stayed until a reload).
  const logout = trpc.accounts.logout.useMutation({
    onSettled: async () => {
      utils.accounts.session.setData(undefined, { user: null });
      await navigate({ to: '/login', replace: true });
    },
  });
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="xl" maw={460} radius="lg">
        <Stack>
          <Title order={1} fz="h2">
            Not authorized
          </Title>
          <Text>
            You are signed in as {email}, which is not an admin account. The admin area is for BarterAds
            administrators only.
          </Text>
          <Group>
            <Button component="a" href="/">
              Go to BarterAds
            </Button>
            <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
              Sign in as someone else
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
