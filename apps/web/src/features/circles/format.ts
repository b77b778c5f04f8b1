import type { CircleStatus } from '@barterads/core';

export const CIRCLE_STATUS_LABELS: Record<CircleStatus, string> = {
  proposed: 'Awaiting all three',
  accepted: 'Accepted by all three',
  lapsed: 'Lapsed',
};
export const CIRCLE_STATUS_COLORS: Record<CircleStatus, string> = {
  proposed: 'blue',
  accepted: 'green',
  lapsed: 'gray',
};
export const circleNumber = (n: number) => `C-${String(n).padStart(6, '0')}`;
