import type { RouterInputs, RouterOutputs } from '@barterads/api-client';

/** A listing as the API answers it (the contract's barter, plus `ownerId` and `ownerName`). */
export type Listing = RouterOutputs['listings']['search']['barters'][number];
/** A row of My Listings: a listing with its click and view counts. */
export type MyListing = RouterOutputs['listings']['mine']['barters'][number];
export type DashboardStats = RouterOutputs['listings']['stats'];
export type CreateListingValues = RouterInputs['listings']['create'];
