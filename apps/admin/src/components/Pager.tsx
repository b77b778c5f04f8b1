import { Group, Pagination, Text } from '@mantine/core';

/** Server-side paging: shown only when there is more than one page. */
export function Pager(props: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (pages <= 1) return null;
  const first = (props.page - 1) * props.pageSize + 1;
  const last = Math.min(props.total, props.page * props.pageSize);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text fz="sm" c="dimmed">
        {first}–{last} of {props.total}
      </Text>
      <Pagination
        total={pages}
        value={Math.min(props.page, pages)}
        onChange={props.onChange}
        siblings={0}
        boundaries={1}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': `${props.label}: ${control} page` })}
      />
    </Group>
  );
}
