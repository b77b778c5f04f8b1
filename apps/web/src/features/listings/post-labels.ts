import { EXCHANGE_FIELD, type UserType } from '@barterads/core';

/** The spec's role-dependent labels of the post modal (the exchange field's words come from packages/core). */
export function postLabels(userType: UserType) {
  return userType === 'media_owner'
    ? {
        open: 'Add Inventory',
        submit: 'Publish Inventory',
        title: 'Inventory title',
        seeking: EXCHANGE_FIELD.media_owner.question,
      }
    : {
        open: 'Post Need',
        submit: 'Publish Need',
        title: 'What do you need?',
        seeking: EXCHANGE_FIELD.advertiser.question,
      };
}
