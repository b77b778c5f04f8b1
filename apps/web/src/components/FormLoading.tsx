import { Center, Loader } from '@mantine/core';

/** What a modal shows while its form's code loads (forms load on first use, outside the pages' first load). */
export function FormLoading() {
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Loading the form" />
    </Center>
  );
}
