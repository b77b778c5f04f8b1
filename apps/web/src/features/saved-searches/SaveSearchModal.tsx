import { errorMessage, trpc } from '@barterads/api-client';
import {
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_FREQUENCY_LABELS,
  SAVED_SEARCHES,
  type SavedSearchFrequency,
} from '@barterads/core/saved-searches';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useCoreText } from '../../i18n/core-text';
import { describeQuery, type SavedQuery } from './describe';

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
  const { t, i18n } = useLingui();
  const core = useCoreText();
  const described = describeQuery(query, i18n, core);
  const frequencyOptions = SAVED_SEARCH_FREQUENCIES.map((f) => ({
    value: f,
    label: core(SAVED_SEARCH_FREQUENCY_LABELS[f]),
  }));
  const [name, setName] = useState(() => described.slice(0, SAVED_SEARCHES.nameMax));
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
    <Modal opened={opened} onClose={onClose} title={t`Save this search`} centered>
      {savedName ? (
        <Stack>
          <Text role="status">
            {t`Saved “${savedName}”.`}{' '}
            {frequency === 'never'
              ? t`It sends no e-mails.`
              : frequency === 'instant'
                ? t`We will e-mail you new listings as they are posted.`
                : frequency === 'daily'
                  ? t`We will e-mail you new listings daily.`
                  : t`We will e-mail you new listings weekly.`}
          </Text>
          <Anchor component={Link} to="/dashboard/saved-searches">
            <Trans>Manage saved searches</Trans>
          </Anchor>
          <Button onClick={onClose} w="fit-content">
            <Trans>Done</Trans>
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
              {described}
            </Text>
            <TextInput
              label={t`Name`}
              value={name}
              required
              maxLength={SAVED_SEARCHES.nameMax}
              onChange={(event) => setName(event.currentTarget.value)}
              data-autofocus
            />
            <NativeSelect
              label={t`E-mail me new listings`}
              data={frequencyOptions}
              value={frequency}
              onChange={(event) => setFrequency(event.currentTarget.value as SavedSearchFrequency)}
            />
            {create.error ? (
              <Text c="red" size="sm" role="alert">
                {errorMessage(create.error, t`Could not save the search.`)}
              </Text>
            ) : null}
            <Button type="submit" loading={create.isPending} w="fit-content">
              <Trans>Save search</Trans>
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

export default SaveSearchModal;
