import type { CircleStatus } from '@barterads/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A circle's status in words (render with `i18n._`). */
export const CIRCLE_STATUS_LABELS: Record<CircleStatus, MessageDescriptor> = {
  proposed: msg`Awaiting all three`,
  accepted: msg`Accepted by all three`,
  lapsed: msg`Lapsed`,
};
export const CIRCLE_STATUS_COLORS: Record<CircleStatus, string> = {
  proposed: 'blue',
  accepted: 'green',
  lapsed: 'gray',
};
export const circleNumber = (n: number) => `C-${String(n).padStart(6, '0')}`;
