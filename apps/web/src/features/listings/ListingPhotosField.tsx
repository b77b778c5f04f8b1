import { LIMITS, PHOTO_TYPES } from '@barterads/core';
import { useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const hintId = useId();
  const max = LIMITS.listingPhotosMax;
  const maxMb = LIMITS.listingPhotoBytesMax / MB;
  const photoLabel = (number: number, cover: boolean) =>
    cover ? t`Photo ${number} (cover)` : t`Photo ${number}`;
  const newPhotoLabel = (name: string, cover: boolean) =>
    cover ? t`New photo ${name} (cover)` : t`New photo ${name}`;
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
      const name = file.name;
      if (!isPhotoType(file.type)) found.push(t`“${name}” is not a JPEG, PNG or WebP photo.`);
      else if (file.size > LIMITS.listingPhotoBytesMax) found.push(t`“${name}” is over ${maxMb} MB.`);
      else accepted.push(file);
    }
    const kept = accepted.slice(0, Math.max(room, 0));
    const left = accepted.length - kept.length;
    if (left > 0) found.push(t`A listing has up to ${max} photos: ${left} not added.`);
    setProblems(found);
    if (kept.length > 0) onChange([...files, ...kept]);
  };

  return (
    <Stack gap={6} role="group" aria-labelledby={`${hintId}-label`} aria-describedby={hintId}>
      <Text id={`${hintId}-label`} size="sm" fw={500}>
        {t`Photos`}
      </Text>
      <Text id={hintId} size="xs" c="dimmed">
        {t`Up to ${max} JPEG, PNG or WebP photos, ${maxMb} MB each. The first is the cover.`}
      </Text>
      {stored.length + files.length > 0 ? (
        <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs">
          {stored.map((photo, index) => (
            <Thumbnail
              key={photo.url}
              src={photo.variants[0]?.url ?? photo.url}
              label={photoLabel(index + 1, index === 0)}
              removeLabel={t`Remove ${photoLabel(index + 1, false)}`}
              onRemove={onRemoveStored ? () => onRemoveStored(index) : undefined}
              removing={removing === index}
              disabled={disabled || (removing !== null && removing !== index)}
            />
          ))}
          {files.map((file, index) => (
            <Thumbnail
              key={previews[index]}
              src={previews[index] ?? ''}
              label={newPhotoLabel(file.name, stored.length + index === 0)}
              removeLabel={t`Remove ${newPhotoLabel(file.name, false)}`}
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
              {t`Add photos`}
            </Button>
          )}
        </FileButton>
        {room <= 0 ? (
          <Text size="xs" c="dimmed">
            {t`That is the most a listing has.`}
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
  removeLabel,
  onRemove,
  removing = false,
  disabled,
}: {
  src: string;
  label: string;
  /** The remove button's name ("Remove Photo 2"). */
  removeLabel: string;
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
          aria-label={removeLabel}
          onClick={onRemove}
          disabled={disabled || removing}
        />
      ) : null}
    </Box>
  );
}
