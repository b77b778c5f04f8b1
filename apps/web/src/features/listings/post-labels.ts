import type { UserType } from '@barterads/core';

/** The spec's role-dependent labels of the post modal. */
export function postLabels(userType: UserType) {
  return userType === 'media_owner'
    ? {
        open: 'Add Inventory',
        submit: 'Publish Inventory',
        title: 'Inventory title',
        seeking: 'What do you want in exchange?',
      }
    : {
        open: 'Post Need',
        submit: 'Publish Need',
        title: 'What do you need?',
        seeking: 'What can you offer in exchange?',
      };
}
