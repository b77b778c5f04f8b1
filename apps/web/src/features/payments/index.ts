export { BillingSections } from './BillingSections';
export { type CheckoutOutcome, type CheckoutSuccess, loadCheckoutScript, openCheckout } from './checkout';
export { PaymentHistory } from './PaymentHistory';
export { PricingPage } from './PricingPage';
export { SubscriptionCard } from './SubscriptionCard';
export { type SubscribeState, type Subscription, useSubscribe } from './useSubscribe';
