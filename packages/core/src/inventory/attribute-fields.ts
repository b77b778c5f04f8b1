import type { MediaCategoryId } from '../categories';

// Plain data without zod or the city list: the listing page shows these without loading the forms' schemas.

/** What the form shows for each attribute: its label and kind of input. */
export interface AttributeField {
  key: string;
  label: string;
  kind: 'text' | 'number' | 'boolean' | 'date' | 'select';
  options?: readonly { value: string; label: string }[];
  suffix?: string;
}

export const CATEGORY_ATTRIBUTE_FIELDS: Record<MediaCategoryId, readonly AttributeField[]> = {
  outdoor: [
    { key: 'widthFt', label: 'Width', kind: 'number', suffix: 'ft' },
    { key: 'heightFt', label: 'Height', kind: 'number', suffix: 'ft' },
    { key: 'illuminated', label: 'Illuminated', kind: 'boolean' },
    { key: 'facing', label: 'Facing traffic', kind: 'text' },
  ],
  print: [
    { key: 'publication', label: 'Publication', kind: 'text' },
    { key: 'edition', label: 'Edition', kind: 'text' },
    { key: 'circulation', label: 'Circulation', kind: 'number' },
  ],
  audio: [
    { key: 'station', label: 'Station', kind: 'text' },
    {
      key: 'daypart',
      label: 'Daypart',
      kind: 'select',
      options: [
        { value: 'morning', label: 'Morning' },
        { value: 'afternoon', label: 'Afternoon' },
        { value: 'evening', label: 'Evening' },
        { value: 'night', label: 'Night' },
        { value: 'all_day', label: 'All day' },
      ],
    },
    { key: 'spotSeconds', label: 'Spot length', kind: 'number', suffix: 'seconds' },
  ],
  influencer: [
    {
      key: 'platform',
      label: 'Platform',
      kind: 'select',
      options: [
        { value: 'instagram', label: 'Instagram' },
        { value: 'youtube', label: 'YouTube' },
        { value: 'facebook', label: 'Facebook' },
        { value: 'x', label: 'X' },
        { value: 'linkedin', label: 'LinkedIn' },
        { value: 'sharechat', label: 'ShareChat' },
        { value: 'moj', label: 'Moj' },
        { value: 'other', label: 'Other' },
      ],
    },
    { key: 'handle', label: 'Handle', kind: 'text' },
    { key: 'followers', label: 'Followers', kind: 'number' },
  ],
  digital: [
    { key: 'placement', label: 'Placement', kind: 'text' },
    { key: 'monthlyImpressions', label: 'Monthly impressions', kind: 'number' },
  ],
  app: [
    { key: 'placement', label: 'Placement', kind: 'text' },
    { key: 'monthlyImpressions', label: 'Monthly impressions', kind: 'number' },
  ],
  transit: [{ key: 'route', label: 'Route or station', kind: 'text' }],
  event: [
    { key: 'eventDate', label: 'Event date', kind: 'date' },
    { key: 'footfall', label: 'Expected footfall', kind: 'number' },
  ],
  direct: [
    { key: 'format', label: 'Format', kind: 'text' },
    { key: 'quantity', label: 'Quantity', kind: 'number' },
  ],
};
