import { EXCHANGE_FIELD, isLanguage, type UserType } from '@barterads/core';
import { translateText } from '@barterads/core/i18n';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The spec's role-dependent labels of the post modal (the exchange field's words come from packages/core). */
export function postLabels(userType: UserType, i18n: I18n) {
  const language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  return userType === 'media_owner'
    ? {
        open: i18n._(msg`Add Inventory`),
        submit: i18n._(msg`Publish Inventory`),
        title: i18n._(msg`Inventory title`),
        seeking: translateText(language, EXCHANGE_FIELD.media_owner.question),
      }
    : {
        open: i18n._(msg`Post Need`),
        submit: i18n._(msg`Publish Need`),
        title: i18n._(msg`What do you need?`),
        seeking: translateText(language, EXCHANGE_FIELD.advertiser.question),
      };
}
