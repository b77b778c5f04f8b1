import { Trans, useLingui } from '@lingui/react/macro';
import classes from './GstVerifiedBadge.module.css';

export interface GstVerifiedBadgeProps {
  /** `lg` on business and listing pages; cards use the default. */
  size?: 'sm' | 'lg';
}

/**
 * "GST verified": the business's GSTIN was checked by an admin against its registration certificate
 * (product-spec-2 section 4). Shown wherever a listing's or a business's `ownerVerified`/`verified` is true.
 */
export function GstVerifiedBadge({ size = 'sm' }: GstVerifiedBadgeProps) {
  const { t } = useLingui();
  return (
    <span
      className={size === 'lg' ? `${classes.badge} ${classes.large}` : classes.badge}
      title={t`An admin checked this business's GSTIN against its GST registration certificate`}
      data-testid="gst-verified-badge"
    >
      <svg className={classes.mark} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M6.2 11.6 2.6 8l1.1-1.1 2.5 2.5 6.1-6.1L13.4 4.4z" />
      </svg>
      <Trans>GST verified</Trans>
    </span>
  );
}
