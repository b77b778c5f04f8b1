import { errorMessage, trpc } from '@barterads/api-client';
import {
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_FREQUENCY_LABELS,
  SAVED_SEARCHES,
  type SavedSearchFrequency,
} from '@barterads/core/saved-searches';
import { Anchor, Button, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { describeQuery, type SavedQuery } from './describe';

const FREQUENCY_OPTIONS = SAVED_SEARCH_FREQUENCIES.map((f) => ({
  value: f,
  label: SAVED_SEARCH_FREQUENCY_LABELS[f],
}));

export interface SaveSearchModalProps {
  opened: boolean;
  onClose: () => void;
  query: SavedQuery;
}

/**
 * The "Save this search" dialog: a name (the filters in words by default) and how often to be e-mailed new
 * listings; at the limit of SAVED_SEARCHES.maxPerUser, the server's message. Loaded on first use.
 */
export function SaveSearchModal({ opened, onClose, query }: SaveSearchModalProps) {
  const [name, setName] = useState(() => describeQuery(query).slice(0, SAVED_SEARCHES.nameMax));
  const [frequency, setFrequency] = useState<SavedSearchFrequency>('daily');
  const [savedName, setSavedName] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const create = trpc.savedSearches.create.useMutation({
    onSuccess: async (result) => {
      setSavedName(result.savedSearch.name);
      await utils.savedSearches.list.invalidate();
    },
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Save this search"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {savedName ? (
        <Stack>
          <Text role="status">
            Saved “{savedName}”.{' '}
            {frequency === 'never'
              ? 'It sends no e-mails.'
              : `We will e-mail you new listings ${frequency === 'instant' ? 'as they are posted' : SAVED_SEARCH_FREQUENCY_LABELS[frequency].toLowerCase()}.`}
          </Text>
          <Anchor component={Link} to="/dashboard/saved-searches">
            Manage saved searches
          </Anchor>
          <Button onClick={onClose} w="fit-content">
            Done
          </Button>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({ name, query, frequency });
          }}
        >
          <Stack>
            <Text size="sm" c="dimmed">
              {describeQuery(query)}
            </Text>
            <TextInput
              label="Name"
              value={name}
              required
              maxLength={SAVED_SEARCHES.nameMax}
              onChange={(event) => setName(event.currentTarget.value)}
              data-autofocus
            />
            <NativeSelect
              label="E-mail me new listings"
              data={FREQUENCY_OPTIONS}
              value={frequency}
              onChange={(event) => setFrequency(event.currentTarget.value as SavedSearchFrequency)}
            />
            {create.error ? (
              <Text c="red" size="sm" role="alert">
                {errorMessage(create.error, 'Could not save the search.')}
              </Text>
            ) : null}
            <Button type="submit" loading={create.isPending} w="fit-content">
              Save search
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

export default SaveSearchModal;
