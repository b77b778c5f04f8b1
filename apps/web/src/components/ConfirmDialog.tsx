import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What the action commits to, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A colour for an action that cannot be undone by the member (red for discarding). */
  confirmColor?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks once before an action that commits the member (accepting terms, accepting a delivery) or loses their work:
 * names the action and what it commits to; Cancel, Escape or a tap outside leave everything as it was.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmColor,
  loading,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} loading={loading} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Closing a form that holds typed text asks first (Escape, the close button, a tap outside, Cancel): `requestClose`
 * closes at once when nothing was typed, else opens `dialog`, whose Discard closes.
 */
export function useDiscardGuard(dirty: boolean, close: () => void, title: string) {
  const [asking, setAsking] = useState(false);
  // The question opens after the key press that asked has been handled everywhere: opened at once, the new dialog
  // would also receive that same Escape (without opening animations, always; with them, on a slow phone sometimes)
  // and close before it was seen.
  const requestClose = () => (dirty ? setTimeout(() => setAsking(true), 0) : close());
  const dialog = (
    <ConfirmDialog
      opened={asking}
      title={title}
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      confirmColor="red"
      onCancel={() => setAsking(false)}
      onConfirm={() => {
        setAsking(false);
        close();
      }}
    >
      What you typed will be lost.
    </ConfirmDialog>
  );
  return { requestClose, dialog };
}
