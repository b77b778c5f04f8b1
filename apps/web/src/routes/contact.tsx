import { COMPANY, LEGAL } from '@barterads/core';
import { Anchor, Card, Container, Grid, Stack, Table, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../components/usePageMeta';
import { ContactForm } from '../features/contact/ContactForm';
import { PageHeader } from '../features/public/Section';

export const Route = createFileRoute('/contact')({ component: ContactPage });

function ContactPage() {
  usePageMeta(
    'Contact Us',
    `Write to the BarterAds team in Mumbai: office address, phone, e-mail and business hours. We reply within ${LEGAL.replyWithinHours} hours on business days.`,
  );
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Contact Us"
        intro={`Questions about a trade, a plan or a partnership? We reply within ${LEGAL.replyWithinHours} hours on business days.`}
      />
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Grid gap={32}>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="office-title">
                <Title order={2} fz="lg" id="office-title" mb="xs">
                  Office
                </Title>
                <Text component="address" fz="sm" style={{ fontStyle: 'normal' }}>
                  {COMPANY.legalName}
                  <br />
                  {COMPANY.address}
                </Text>
              </Card>
              <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="reach-title">
                <Title order={2} fz="lg" id="reach-title" mb="xs">
                  Phone and e-mail
                </Title>
                <Stack gap={4}>
                  {COMPANY.phones.map((phone) => (
                    <Anchor key={phone} href={`tel:${phone.replace(/\s/g, '')}`} fz="sm">
                      {phone}
                    </Anchor>
                  ))}
                  <Anchor href={`mailto:${COMPANY.generalEmail}`} fz="sm">
                    {COMPANY.generalEmail}
                  </Anchor>
                </Stack>
              </Card>
              <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="hours-title">
                <Title order={2} fz="lg" id="hours-title" mb="xs">
                  Business hours
                </Title>
                <Table fz="sm" withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
                  <Table.Tbody>
                    {COMPANY.businessHours.map((row) => (
                      <Table.Tr key={row.days}>
                        <Table.Th scope="row" fw={600} pr="md">
                          {row.days}
                        </Table.Th>
                        <Table.Td>{row.hours}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <Text fz="sm" c="dimmed" mt="xs">
                  We reply within {LEGAL.replyWithinHours} hours on business days.
                </Text>
              </Card>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="form-title">
              <Title order={2} fz="lg" id="form-title" mb="md">
                Send us a message
              </Title>
              <ContactForm />
            </Card>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
