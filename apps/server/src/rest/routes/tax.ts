import { defineRoutes, type RestFile } from '../route';

/** GST of barter deals (product-spec-3 section 1; contract, part three paths). */
export const taxRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/deals/:id/tax-preview',
    procedure: 'tax.preview',
    summary:
      "The deal's GST legs (one per party's side, SAC and place of supply): as they would be on acceptance before it, the stored ones after. IGST across states, CGST + SGST within one; place of supply the recipient's state, or the property's for outdoor sites and hotel rooms; a supplier without a verified GSTIN is not_required (no tax invoice, no credit). mine: the viewer's GST owed and claimable. Parties only (404 otherwise). Not tax advice",
    tag: 'Deals',
    auth: 'bearer',
    input: (request) => ({ id: request.params.id }),
  },
  {
    method: 'POST',
    path: '/api/deals/:id/legs/:legId/issue',
    procedure: 'tax.issueLeg',
    summary:
      "The leg's supplier issues it: invoiceNumber? (given: issued outside BarterAds with that number), sac? (from the SAC list; 400 otherwise). Without a number the next of your series is allotted, without gaps per financial year. 409 for a second issue, a number that would repeat, no series set, or a supplier without a verified GSTIN; 404 for anyone but the supplier",
    tag: 'Deals',
    auth: 'bearer',
    input: (request) => {
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      return { ...body, id: request.params.id, legId: request.params.legId };
    },
  },
  {
    method: 'GET',
    path: '/api/legs/to-issue',
    procedure: 'tax.toIssue',
    summary:
      'Invoices to issue: your draft legs (you are the supplier, GST verified, not yet issued), each with dealNumber and daysLeft (days left of the 30-day clock from its supply date, negative once late, null until the supply is finished), soonest due first; at most 200',
    tag: 'Deals',
    auth: 'bearer',
  },
  {
    method: 'GET',
    path: '/api/auth/me/invoice-series',
    procedure: 'tax.invoiceSeries',
    summary:
      'Your invoice series for barter legs: { prefix, next } (the number your next issue gets), both null before you set a prefix',
    tag: 'Accounts',
    auth: 'bearer',
  },
  {
    method: 'GET',
    path: '/api/deals/:id/legs/:legId/einvoice.json',
    procedure: 'tax.einvoice',
    summary:
      "The e-invoice JSON of an issued leg in the government's schema (INV-01, version 1.1: Version, TranDtls, DocDtls, SellerDtls, BuyerDtls, ItemList, ValDtls), for the leg's supplier or an admin, to upload to the invoice registration portal. 409 when e-invoicing does not apply (supplier or recipient unregistered, or the supplier has not said its turnover is above the threshold: einvoicing in PATCH /api/auth/me), before the leg is issued, or while a party has no business address; 404 for anyone else",
    tag: 'Deals',
    auth: 'bearer',
    input: (request) => ({ id: request.params.id, legId: request.params.legId }),
  },
  {
    method: 'PUT',
    path: '/api/auth/me/invoice-series',
    procedure: 'tax.setInvoiceSeries',
    summary:
      'Your own invoice series for barter legs: prefix (1-10 characters of A-Z, 0-9, / and -, such as HS/25-26/). Answers { prefix, next }: the number your next issue gets',
    tag: 'Accounts',
    auth: 'bearer',
  },
  {
    method: 'GET',
    path: '/api/statements/barter',
    procedure: 'tax.statement',
    summary:
      'Your barter statement for a period: query from, to (YYYY-MM-DD, Asia/Kolkata days of acceptance, both included; at most 550 days), format (json | csv | pdf). JSON: { from, to, supplied: [leg], received: [leg], totals: { outward, inward } } (each leg with date and counterparty). CSV (text/csv, one row per leg, outward then inward, rupees with two decimals) has the columns date, direction (outward | inward), invoice_number, counterparty, counterparty_gstin, place_of_supply, sac, rate_pct, taxable_value, igst, cgst, sgst, total, status, deal_id, for import into Tally or Zoho Books. PDF (application/pdf): the same rows as tables, outward then inward, and the totals. Only your own legs. Not tax advice',
    tag: 'Deals',
    auth: 'bearer',
    file: (result) =>
      result && typeof result === 'object' && 'file' in result ? (result.file as RestFile) : undefined,
  },
]);
