import { categoryTitle, MESSAGES, userTypeLabel, whatsappLink } from '@barterads/core';
import { type ReactNode, useId } from 'react';
import buttons from '../../components/PlainButton.module.css';
import { GstVerifiedBadge } from '../businesses/GstVerifiedBadge';
import classes from './ListingCard.module.css';
import type { Listing } from './types';

const FALLBACK_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="100%" height="100%" fill="#e9ecef"/><text x="50%" y="50%" font-family="sans-serif" font-size="28" fill="#868e96" text-anchor="middle" dominant-baseline="middle">BarterAds</text></svg>',
  );

export interface ListingCardProps {
  listing: Listing;
  /** Extra buttons under the card (for example "Message owner"). */
  actions?: ReactNode;
  /** Called when the visitor opens the WhatsApp chat (the list records the click). */
  onContact: (listingId: string) => void;
}

/**
 * A marketplace card with every field of the spec: image, title, description, location, rating, verified flag,
 * what is sought, and the Contact button (a WhatsApp chat link; disabled 'No Contact' under 8 digits).
 * Plain elements styled by ListingCard.module.css and PlainButton.module.css (Mantine's theme variables) rather
 * than Mantine components: a results page renders 24 cards at once, and on a phone each component instance
 * costs time (Mantine's Tooltip alone brought floating-ui and a positioning hook into every card).
 */
export function ListingCard({ listing, actions, onContact }: ListingCardProps) {
  const chat = whatsappLink(listing.contactPhone);
  const tooltipId = useId();
  return (
    <article className={classes.card} aria-label={listing.title}>
      <img
        className={classes.image}
        src={listing.image || FALLBACK_IMAGE}
        alt={listing.image ? listing.title : ''}
        loading="lazy"
        decoding="async"
        width={640}
        height={400}
        onError={(event) => {
          // A broken image link shows the placeholder (once: the placeholder itself cannot fail).
          if (event.currentTarget.src !== FALLBACK_IMAGE) event.currentTarget.src = FALLBACK_IMAGE;
        }}
      />
      <div className={classes.body}>
        <div className={classes.badges}>
          <span
            className={`${classes.badge} ${listing.ownerRole === 'media_owner' ? classes.mediaOwner : classes.advertiser}`}
          >
            {userTypeLabel(listing.ownerRole)}
          </span>
          {listing.category ? (
            <span className={`${classes.badge} ${classes.category}`}>{categoryTitle(listing.category)}</span>
          ) : null}
          {listing.verified ? <span className={`${classes.badge} ${classes.verified}`}>Verified</span> : null}
          {listing.ownerVerified ? <GstVerifiedBadge /> : null}
        </div>
        <h3 className={classes.title}>{listing.title}</h3>
        <p className={classes.description}>{listing.description}</p>
        <p className={classes.text}>
          <span className={classes.label}>Location:</span> {listing.location}
        </p>
        {listing.seeking ? (
          <p className={classes.text}>
            <span className={classes.label}>Seeking:</span> {listing.seeking}
          </p>
        ) : null}
        <p className={classes.text}>
          <span aria-hidden="true">★ {listing.rating.toFixed(1)}</span>
          <span className={classes.visuallyHidden}>Rating {listing.rating.toFixed(1)} out of 5</span>
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
            Contact
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
              No Contact
            </button>
            <span role="tooltip" id={tooltipId} className={buttons.tooltip}>
              {MESSAGES.noContactTooltip}
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
