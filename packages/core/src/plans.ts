/** The one plan catalogue (product-spec section 9). Prices are monthly, in whole rupees. */
export const PLAN_IDS = ['starter', 'growth', 'professional', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const CURRENCY = 'INR';
export const YEARLY_DISCOUNT = 0.2;

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in INR. */
  price: number;
  description: string;
  commission: string;
  dealLimit: string;
  isPopular: boolean;
  features: readonly string[];
  /** How many active listings the plan allows; null means unlimited. */
  activeListingLimit: number | null;
  /** Accepted deals a month (Asia/Kolkata) the plan allows each party; null means unlimited. */
  dealsPerMonth: number | null;
  /** Commission owed on the value received in an accepted deal, in basis points (500 = 5%). */
  commissionBp: number;
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
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 9999,
    description: 'For large organisations with unlimited trading needs.',
    commission: '3% per deal',
    dealLimit: 'Unlimited deals',
    isPopular: false,
    features: ['Unlimited listings', 'Dedicated account manager', 'API access', 'AI matching'],
    activeListingLimit: null,
    dealsPerMonth: null,
    commissionBp: 300,
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

/** Accounts without an active subscription get the Starter plan's listing allowance. */
export const FREE_PLAN_ID: PlanId = 'starter';

/** Active listings a plan allows (null: unlimited); no plan means the free allowance. */
export function activeListingLimit(planId: PlanId | null | undefined): number | null {
  return findPlan(planId ?? FREE_PLAN_ID)?.activeListingLimit ?? null;
}

/** The deal allowance of an account without a plan (product-spec-2 section 6). */
export const FREE_DEAL_PLAN = { name: 'Free', dealsPerMonth: 2, commissionBp: 500 } as const;

/** What a party's plan (or no plan) allows in deals: its name, monthly limit (null: unlimited) and commission. */
export function dealAllowance(planId: PlanId | null | undefined): {
  name: string;
  dealsPerMonth: number | null;
  commissionBp: number;
} {
  const plan = planId ? findPlan(planId) : undefined;
  if (!plan) return FREE_DEAL_PLAN;
  return { name: plan.name, dealsPerMonth: plan.dealsPerMonth, commissionBp: plan.commissionBp };
}
