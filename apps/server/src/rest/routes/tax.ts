import { defineRoutes } from '../route';

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
]);
