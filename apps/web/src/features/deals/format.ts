import type { DealStatus } from '@barterads/core';

export const DEAL_STATUS_LABELS: Record<DealStatus, string> = {
  proposed: 'Open',
  accepted: 'Accepted',
  completed: 'Completed',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  cancelled: 'Cancelled',
  disputed: 'Disputed',
};

export const DEAL_STATUS_COLORS: Record<DealStatus, string> = {
  proposed: 'blue',
  accepted: 'teal',
  completed: 'green',
  declined: 'red',
  withdrawn: 'gray',
  expired: 'gray',
  cancelled: 'red',
  disputed: 'orange',
};

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
