import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';

/** Today and the 1 April that starts its Indian financial year, as `YYYY-MM-DD` (the browser's day). */
function financialYearSoFar(now = new Date()): { from: string; to: string } {
  const to = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  const startYear = now.getMonth() >= 3 ? now.getFullYear() : now.getFullYear() - 1;
  return { from: `${startYear}-04-01`, to };
}

/**
 * The barter statement download (product-spec-3 section 1): the legs you supplied and received in deals
 * accepted in a period, as CSV for your accountant's Tally or Zoho Books import, or as PDF (GET /api/statements/barter).
 */
export function BarterStatementSection() {
  const [period, setPeriod] = useState(financialYearSoFar);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(period.from) && /^\d{4}-\d{2}-\d{2}$/.test(period.to);
  const href = (format: 'csv' | 'pdf') =>
    `/api/statements/barter?from=${period.from}&to=${period.to}&format=${format}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="barter-statement-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="barter-statement-title">
          Barter statement
        </Title>
        <Text size="sm" c="dimmed">
          The GST legs of your accepted deals in a period, outward and inward with totals, as a CSV your
          accountant can import into Tally or Zoho Books, or a PDF to read. Not tax advice: check with your
          accountant.
        </Text>
        <Group align="end" wrap="wrap">
          <TextInput
            type="date"
            label="From"
            value={period.from}
            onChange={(e) => setPeriod({ ...period, from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="To"
            value={period.to}
            onChange={(e) => setPeriod({ ...period, to: e.currentTarget.value })}
          />
          <Button component="a" href={href('csv')} download variant="light" disabled={!valid}>
            Download statement (CSV)
          </Button>
          <Button component="a" href={href('pdf')} download variant="light" disabled={!valid}>
            Download statement (PDF)
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
