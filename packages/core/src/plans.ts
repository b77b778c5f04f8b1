import type { PLAN_CHANGE_KINDS } from './statuses';

/** The one plan catalogue (product-spec section 9). Prices are monthly, in whole rupees. */
export const PLAN_IDS = ['starter', 'growth', 'professional', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const CURRENCY = 'INR';
export const YEARLY_DISCOUNT = 0.2;

/** What an account may do: the same fields for the free tier and every paid plan. */
export interface PlanTerms {
  name: string;
  description: string;
  commission: string;
  dealLimit: string;
  features: readonly string[];
  /** How many active listings the plan allows; null means unlimited. */
  activeListingLimit: number | null;
  /** Accepted deals a month (Asia/Kolkata) the plan allows each party; null means unlimited. */
  dealsPerMonth: number | null;
  /** Commission owed on the value received in an accepted deal, in basis points (500 = 5%). */
  commissionBp: number;
  /** Listings the owner may feature (7 days each) per month (Asia/Kolkata). */
  featuredPerMonth: number;
  /** Whether the account may create API keys for the REST API. */
  apiAccess: boolean;
  /** Whether an admin assigns the account a dedicated account manager. */
  accountManager: boolean;
}

export interface Plan extends PlanTerms {
  id: PlanId;
  /** Monthly price in INR. */
  price: number;
  isPopular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: 999,
    description: 'For small businesses making their first barter deals.',
    commission: '5% per deal',
    dealLimit: 'Up to 5 deals per month',
    isPopular: false,
    features: [
      'Up to 5 active listings',
      'Marketplace search and filters',
      'Direct messaging',
      'Email support',
    ],
    activeListingLimit: 5,
    dealsPerMonth: 5,
    commissionBp: 500,
    featuredPerMonth: 0,
    apiAccess: false,
    accountManager: false,
  },
  {
    id: 'growth',
    name: 'Growth',
    price: 2499,
    description: 'For growing brands and media owners trading every week.',
    commission: '3% per deal',
    dealLimit: 'Up to 15 deals per month',
    isPopular: true,
    features: [
      '15 active listings',
      '3 featured listings per month',
      'Direct messaging',
      'Priority email support',
    ],
    activeListingLimit: 15,
    dealsPerMonth: 15,
    commissionBp: 300,
    featuredPerMonth: 3,
    apiAccess: false,
    accountManager: false,
  },
  {
    id: 'professional',
    name: 'Professional',
    price: 4999,
    description: 'For agencies and networks running many campaigns.',
    commission: '3% per deal',
    dealLimit: 'Up to 50 deals per month',
    isPopular: false,
    features: ['50 active listings', '10 featured listings per month', 'API access', 'AI matching'],
    activeListingLimit: 50,
    dealsPerMonth: 50,
    commissionBp: 300,
    featuredPerMonth: 10,
    apiAccess: true,
    accountManager: false,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 9999,
    description: 'For large organisations with unlimited trading needs.',
    commission: '3% per deal',
    dealLimit: 'Unlimited deals',
    isPopular: false,
    features: [
      'Unlimited listings',
      '25 featured listings per month',
      'Dedicated account manager',
      'API access',
      'AI matching',
    ],
    activeListingLimit: null,
    dealsPerMonth: null,
    commissionBp: 300,
    featuredPerMonth: 25,
    apiAccess: true,
    accountManager: true,
  },
];

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** Yearly total in INR: 12 × monthly × 0.8, rounded down. */
export function yearlyPrice(plan: Pick<Plan, 'price'>): number {
  return Math.floor(plan.price * 12 * (1 - YEARLY_DISCOUNT));
}

/** The monthly equivalent shown for a yearly plan: yearly total / 12, rounded. */
export function yearlyMonthlyEquivalent(plan: Pick<Plan, 'price'>): number {
  return Math.round(yearlyPrice(plan) / 12);
}

/** Price of one period in INR. */
export function periodPrice(plan: Pick<Plan, 'price'>, period: BillingPeriod): number {
  return period === 'yearly' ? yearlyPrice(plan) : plan.price;
}

/** Charged amount in paise (the smallest currency unit): the period price × 100. */
export function chargeAmount(plan: Pick<Plan, 'price'>, period: BillingPeriod): number {
  return periodPrice(plan, period) * 100;
}

/** Finds the plan and period whose charge equals `amountPaise`, or undefined when none does. */
export function planForAmount(amountPaise: number): { plan: Plan; period: BillingPeriod } | undefined {
  for (const plan of PLANS) {
    for (const period of BILLING_PERIODS) {
      if (chargeAmount(plan, period) === amountPaise) return { plan, period };
    }
  }
  return undefined;
}

/** The free tier: what an account without an active plan may do (product-spec-2 section 6). */
export const FREE_PLAN: PlanTerms & { matchesPerListing: number } = {
  name: 'Free',
  description: 'Try barter trading with a couple of listings, no payment needed.',
  commission: '5% per deal',
  dealLimit: 'Up to 2 deals per month',
  features: [
    'Up to 2 active listings',
    'Top 3 matches per listing',
    'Marketplace search',
    'Direct messaging',
  ],
  activeListingLimit: 2,
  dealsPerMonth: 2,
  commissionBp: 500,
  featuredPerMonth: 0,
  apiAccess: false,
  accountManager: false,
  matchesPerListing: 3,
};

/** The terms of a plan, or of the free tier when there is no (active) plan. */
export function planTerms(planId: PlanId | null | undefined): PlanTerms {
  return (planId ? findPlan(planId) : undefined) ?? FREE_PLAN;
}

/** Active listings a plan allows (null: unlimited); no plan means the free allowance. */
export function activeListingLimit(planId: PlanId | null | undefined): number | null {
  return planTerms(planId).activeListingLimit;
}

/** The deal allowance of an account without a plan (product-spec-2 section 6), from the free tier. */
export const FREE_DEAL_PLAN = {
  name: FREE_PLAN.name,
  dealsPerMonth: FREE_PLAN.dealsPerMonth,
  commissionBp: FREE_PLAN.commissionBp,
} as const;

/** What a party's plan (or no plan) allows in deals: its name, monthly limit (null: unlimited) and commission. */
export function dealAllowance(planId: PlanId | null | undefined): {
  name: string;
  dealsPerMonth: number | null;
  commissionBp: number;
} {
  const terms = planTerms(planId);
  return { name: terms.name, dealsPerMonth: terms.dealsPerMonth, commissionBp: terms.commissionBp };
}

/** A plan's rank for plan changes: a higher monthly price is an upgrade. */
export function planRank(planId: PlanId): number {
  return findPlan(planId)?.price ?? 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days the current plan renews in the last of: the card offers renewal only then. */
export const RENEWAL_WINDOW_DAYS = 7;
/** A purchase cancelled within this many hours is refunded in full. */
export const FULL_REFUND_HOURS = 24;
/** A refund may be requested within this many days of a payment. */
export const REFUND_REQUEST_DAYS = 7;

export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number];

export interface PlanChangeQuote {
  kind: PlanChangeKind;
  /** Paise to charge now. */
  amount: number;
  /** Paise of unused value of the current plan deducted (upgrades only). */
  credit: number;
  /** When the new plan takes effect: now, or when the current period ends. */
  appliesAt: Date;
  /**
   * From when it may be paid: now, or for a plan that starts when the current period ends, that period's last
   * RENEWAL_WINDOW_DAYS days (a member is not asked for money a month before the plan starts).
   */
  payableFrom: Date;
}

export interface CurrentPeriod {
  planId: PlanId;
  period: BillingPeriod;
  start: Date;
  end: Date;
}

/**
 * The server's quote for moving from the current plan (if one is running) to `target`: a purchase without a
 * running plan; an upgrade (a dearer plan) applies now and costs the new period's price less the unused value of
 * the current one, pro rata by whole unused days over the period's days, at least ₹1; a downgrade or a period
 * change applies when the current period ends at the new price, payable (like a renewal) in that period's last
 * RENEWAL_WINDOW_DAYS days; the same plan and period is a renewal, offered only in those days. Returns 'not-yet' for
 * a renewal before that window.
 */
export function quotePlanChange(
  current: CurrentPeriod | null,
  target: { planId: PlanId; period: BillingPeriod },
  now: Date,
): PlanChangeQuote | 'not-yet' {
  const targetPlan = findPlan(target.planId);
  if (!targetPlan) throw new Error(`Unknown plan ${target.planId}`);
  const price = chargeAmount(targetPlan, target.period);
  if (!current || current.end.getTime() <= now.getTime()) {
    return { kind: 'purchase', amount: price, credit: 0, appliesAt: now, payableFrom: now };
  }
  const windowOpens = new Date(Math.max(now.getTime(), current.end.getTime() - RENEWAL_WINDOW_DAYS * DAY_MS));
  if (current.planId === target.planId && current.period === target.period) {
    if (current.end.getTime() - now.getTime() > RENEWAL_WINDOW_DAYS * DAY_MS) return 'not-yet';
    return { kind: 'renewal', amount: price, credit: 0, appliesAt: current.end, payableFrom: windowOpens };
  }
  if (planRank(target.planId) > planRank(current.planId)) {
    const currentPlan = findPlan(current.planId);
    const paid = currentPlan ? chargeAmount(currentPlan, current.period) : 0;
    const totalDays = Math.max(1, Math.round((current.end.getTime() - current.start.getTime()) / DAY_MS));
    const unusedDays = Math.min(totalDays, Math.floor((current.end.getTime() - now.getTime()) / DAY_MS));
    const credit = Math.round((paid * unusedDays) / totalDays);
    return {
      kind: 'upgrade',
      amount: Math.max(100, price - credit),
      credit,
      appliesAt: now,
      payableFrom: now,
    };
  }
  return { kind: 'scheduled', amount: price, credit: 0, appliesAt: current.end, payableFrom: windowOpens };
}
