import { Group, Text } from '@mantine/core';

/** The BarterAds word mark. */
export function Logo({ suffix }: { suffix?: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-8)" />
        <path
          d="M9 12h11l-3-3M23 20H12l3 3"
          stroke="#fff"
          strokeWidth="2.4"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <Text fw={800} fz="lg" c="var(--mantine-color-text)">
        BarterAds
        {suffix ? (
          <Text span c="dimmed" fw={600} fz="sm" ml={6}>
            {suffix}
          </Text>
        ) : null}
      </Text>
    </Group>
  );
}
