import { LIMITS, PHOTO_TYPES } from '@barterads/core';
import { Box, Button, CloseButton, FileButton, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useId, useMemo, useState } from 'react';

/** A photo the listing already has. */
export interface StoredPhoto {
  url: string;
  variants: Array<{ url: string; width: number }>;
}

export interface ListingPhotosFieldProps {
  /** The listing's photos (when editing); the first is the cover. */
  stored?: StoredPhoto[];
  /** Removes a stored photo by its index; the listing then answers without it. */
  onRemoveStored?: (index: number) => void;
  /** The index of the stored photo being removed. */
  removing?: number | null;
  /** Photos chosen to add, in order. */
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

const MB = 1024 * 1024;
const ACCEPT = PHOTO_TYPES.join(',');
const isPhotoType = (type: string): boolean => (PHOTO_TYPES as readonly string[]).includes(type);

/**
 * The listing's photos: the stored ones with Remove, the chosen ones previewed before they are sent, and Add
 * photos. Mirrors the server's rules (formats, size, how many) so a wrong file is named at once; the server still
 * checks each by its content.
 */
export function ListingPhotosField({
  stored = [],
  onRemoveStored,
  removing = null,
  files,
  onChange,
  disabled = false,
}: ListingPhotosFieldProps) {
  const hintId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const room = LIMITS.listingPhotosMax - stored.length - files.length;
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );

  const add = (chosen: File[]) => {
    const found: string[] = [];
    const accepted: File[] = [];
    for (const file of chosen) {
      if (!isPhotoType(file.type)) found.push(`“${file.name}” is not a JPEG, PNG or WebP photo.`);
      else if (file.size > LIMITS.listingPhotoBytesMax)
        found.push(`“${file.name}” is over ${LIMITS.listingPhotoBytesMax / MB} MB.`);
      else accepted.push(file);
    }
    const kept = accepted.slice(0, Math.max(room, 0));
    if (accepted.length > kept.length)
      found.push(
        `A listing has up to ${LIMITS.listingPhotosMax} photos: ${accepted.length - kept.length} not added.`,
      );
    setProblems(found);
    if (kept.length > 0) onChange([...files, ...kept]);
  };

  return (
    <Stack gap={6} role="group" aria-labelledby={`${hintId}-label`} aria-describedby={hintId}>
      <Text id={`${hintId}-label`} size="sm" fw={500}>
        Photos
      </Text>
      <Text id={hintId} size="xs" c="dimmed">
        Up to {LIMITS.listingPhotosMax} JPEG, PNG or WebP photos, {LIMITS.listingPhotoBytesMax / MB} MB each.
        The first is the cover.
      </Text>
      {stored.length + files.length > 0 ? (
        <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs">
          {stored.map((photo, index) => (
            <Thumbnail
              key={photo.url}
              src={photo.variants[0]?.url ?? photo.url}
              label={`Photo ${index + 1}${index === 0 ? ' (cover)' : ''}`}
              onRemove={onRemoveStored ? () => onRemoveStored(index) : undefined}
              removing={removing === index}
              disabled={disabled || (removing !== null && removing !== index)}
            />
          ))}
          {files.map((file, index) => (
            <Thumbnail
              key={previews[index]}
              src={previews[index] ?? ''}
              label={`New photo ${file.name}${stored.length + index === 0 ? ' (cover)' : ''}`}
              onRemove={() => onChange(files.filter((_, i) => i !== index))}
              disabled={disabled}
            />
          ))}
        </SimpleGrid>
      ) : null}
      <Group>
        <FileButton onChange={add} accept={ACCEPT} multiple disabled={disabled || room <= 0}>
          {(props) => (
            <Button variant="default" {...props} disabled={disabled || room <= 0}>
              Add photos
            </Button>
          )}
        </FileButton>
        {room <= 0 ? (
          <Text size="xs" c="dimmed">
            That is the most a listing has.
          </Text>
        ) : null}
      </Group>
      {problems.map((problem) => (
        <Text key={problem} size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      ))}
    </Stack>
  );
}

function Thumbnail({
  src,
  label,
  onRemove,
  removing = false,
  disabled,
}: {
  src: string;
  label: string;
  onRemove?: (() => void) | undefined;
  removing?: boolean;
  disabled: boolean;
}) {
  return (
    <Box pos="relative">
      <Image src={src} alt={label} radius="sm" h={72} fit="cover" />
      {onRemove ? (
        <CloseButton
          pos="absolute"
          top={2}
          right={2}
          size="sm"
          variant="white"
          aria-label={`Remove ${label.replace(' (cover)', '')}`}
          onClick={onRemove}
          disabled={disabled || removing}
        />
      ) : null}
    </Box>
  );
}
