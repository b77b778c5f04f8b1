import { errorMessage } from '@barterads/api-client';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen, in plain words. */
  children: ReactNode;
  confirmLabel: string;
  /** Red for destructive actions. */
  color?: string;
  loading?: boolean;
  error?: unknown;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The confirmation every admin change goes through. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack>
        {typeof props.children === 'string' ? <Text>{props.children}</Text> : props.children}
        {props.error ? (
          <Alert color="red" role="alert">
            {errorMessage(props.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            color={props.color}
            loading={props.loading}
            disabled={props.confirmDisabled}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
