import {
  categoryTitle,
  EXCHANGE_FIELD,
  formatIndianNumber,
  LANGUAGE_TAGS,
  languagePath,
  listingText,
  MESSAGES,
  userTypeLabel,
  whatsappLink,
  whatsappListingText,
} from '@barterads/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback, useId, useState } from 'react';
import buttons from '../../components/PlainButton.module.css';
import { useCoreText, usePageLanguage } from '../../i18n/core-text';
import { GstVerifiedBadge } from '../businesses/GstVerifiedBadge';
import { formatRate } from './format';
import classes from './ListingCard.module.css';
import type { Listing } from './types';

export interface ListingCardProps {
  listing: Listing;
  /** Extra buttons under the card (for example "Message owner"). */
  actions?: ReactNode;
  /** Called when the visitor opens the WhatsApp chat (the list records the click). */
  onContact: (listingId: string) => void;
}

/**
 * A marketplace card with every field of the spec: image, title, description, location, rating, verified flag,
 * what is offered or wanted in exchange, and the Contact button (a WhatsApp chat link; disabled 'No Contact' under 8 digits).
 * Plain elements styled by ListingCard.module.css and PlainButton.module.css (Mantine's theme variables) rather
 * than Mantine components: a results page renders 24 cards at once, and on a phone each component instance
 * costs time (Mantine's Tooltip alone brought floating-ui and a positioning hook into every card).
 */
export function ListingCard({ listing, actions, onContact }: ListingCardProps) {
  const { t } = useLingui();
  const core = useCoreText();
  // The listing's own Hindi or Marathi version on that language's pages, the English elsewhere.
  const language = usePageLanguage();
  const text = listingText(listing, language);
  const reviewCount = (n: number) => (n === 1 ? t`1 review` : t`${formatIndianNumber(n)} reviews`);
  const chat = whatsappLink(listing.contactPhone, whatsappListingText(text.title));
  const tooltipId = useId();
  const [imageFailed, setImageFailed] = useState(false);
  // A card the server rendered (the marketplace's first page) may have lost its image before the script hydrated
  // it, when no onError listened yet: a finished image without pixels is a failed one.
  const checkImage = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth === 0) setImageFailed(true);
  }, []);
  return (
    <article className={classes.card} aria-label={text.title}>
      {listing.image && !imageFailed ? (
        <img
          ref={checkImage}
          className={classes.image}
          data-card-image
          src={listing.image}
          alt={text.title}
          loading="lazy"
          decoding="async"
          width={640}
          height={400}
          // A broken image link shows the placeholder instead.
          onError={() => setImageFailed(true)}
        />
      ) : (
        <div className={classes.placeholder} data-card-image data-image-placeholder aria-hidden="true">
          BarterAds
        </div>
      )}
      <div className={classes.head}>
        <div className={classes.badges}>
          <span
            className={`${classes.badge} ${listing.ownerRole === 'media_owner' ? classes.mediaOwner : classes.advertiser}`}
          >
            {core(userTypeLabel(listing.ownerRole))}
          </span>
          {listing.category ? (
            <span className={`${classes.badge} ${classes.category}`}>
              {core(categoryTitle(listing.category))}
            </span>
          ) : null}
          {listing.featured ? (
            <span className={`${classes.badge} ${classes.featured}`}>
              <Trans>Featured</Trans>
            </span>
          ) : null}
          {listing.verified ? (
            <span className={`${classes.badge} ${classes.verified}`}>
              <Trans>Verified</Trans>
            </span>
          ) : null}
          {listing.ownerVerified ? <GstVerifiedBadge /> : null}
        </div>
        <h3 className={classes.title} translate="no" lang={LANGUAGE_TAGS[text.language]}>
          <a href={languagePath(language, `/listings/${listing._id}`)}>{text.title}</a>
        </h3>
      </div>
      <div className={classes.details}>
        {listing.ownerCompany ? (
          <p className={classes.text} translate="no">
            {listing.ownerCompany}
          </p>
        ) : null}
        <p className={classes.description} translate="no" lang={LANGUAGE_TAGS[text.descriptionLanguage]}>
          {text.description}
        </p>
        <p className={classes.text}>
          <span className={classes.label}>
            <Trans>Location:</Trans>
          </span>{' '}
          <span translate="no">{listing.location}</span>
        </p>
        {listing.seeking ? (
          <p className={classes.text}>
            <span className={classes.label}>{core(EXCHANGE_FIELD[listing.ownerRole].card)}:</span>{' '}
            <span translate="no">{listing.seeking}</span>
          </p>
        ) : null}
        {/* The rate card and the owner's rating share a line (two cards must fit a phone's screen). */}
        <p className={classes.text}>
          {listing.rateInr && listing.unit ? (
            <>
              <span className={classes.label}>
                <Trans>Rate:</Trans>
              </span>{' '}
              {formatRate(listing.rateInr, listing.unit, core)}
              <span aria-hidden="true"> · </span>
            </>
          ) : null}
          {listing.rating === null ? (
            <span>
              <Trans>New</Trans>
            </span>
          ) : (
            <>
              <span aria-hidden="true">
                ★ {listing.rating.toFixed(1)} ({listing.reviewCount})
              </span>
              <span className={classes.visuallyHidden}>
                {t`Rating ${listing.rating.toFixed(1)} out of 5 from ${reviewCount(listing.reviewCount)}`}
              </span>
            </>
          )}
        </p>
      </div>
      <div className={classes.actions}>
        {chat ? (
          <a
            className={`${buttons.button} ${buttons.filled}`}
            href={chat}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => onContact(listing._id)}
          >
            <Trans context="a button: write to the listing's owner">Contact</Trans>
          </a>
        ) : (
          <span className={buttons.tooltipHost}>
            {/* Disabled by aria-disabled, not `disabled`: it stays focusable, so its tooltip can be read. */}
            <button
              type="button"
              className={buttons.button}
              aria-disabled="true"
              aria-describedby={tooltipId}
              onKeyDown={(event) => {
                if (event.key === 'Escape')
                  event.currentTarget.parentElement?.setAttribute('data-dismissed', '');
              }}
              onBlur={(event) => event.currentTarget.parentElement?.removeAttribute('data-dismissed')}
              onMouseLeave={(event) => event.currentTarget.parentElement?.removeAttribute('data-dismissed')}
            >
              <Trans>No Contact</Trans>
            </button>
            <span role="tooltip" id={tooltipId} className={buttons.tooltip}>
              {core(MESSAGES.noContactTooltip)}
            </span>
          </span>
        )}
        {actions}
      </div>
    </article>
  );
}

const SKELETON_LINES = [
  { key: 'badge', height: '1rem', width: '40%' },
  { key: 'title', height: '1.25rem', width: '90%' },
  { key: 'line1', height: '0.875rem', width: '100%' },
  { key: 'line2', height: '0.875rem', width: '70%' },
  { key: 'button', height: '2.25rem', width: '100%' },
];

/** The card's placeholder while the results load (plain elements: six of them are on the pre-rendered page). */
export function ListingCardSkeleton() {
  return (
    <div className={classes.card} aria-hidden>
      <div className={classes.skeletonImage} />
      <div className={classes.skeletonLines}>
        {SKELETON_LINES.map((line) => (
          <div
            key={line.key}
            className={classes.skeletonBlock}
            style={{ height: line.height, width: line.width }}
          />
        ))}
      </div>
    </div>
  );
}
