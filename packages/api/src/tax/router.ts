import { displayName } from '../accounts/users';
import { authedProcedure, router } from '../trpc';
import { legEInvoice, statementPdf } from './documents';
import { getInvoiceSeries, issueLeg, legsToIssue, setInvoiceSeries } from './invoices';
import { taxPreview } from './legs';
import {
  DealTaxInput,
  EInvoiceResult,
  InvoiceSeriesInput,
  InvoiceSeriesResult,
  InvoiceSeriesState,
  IssueLegInput,
  LegDocumentInput,
  LegResult,
  LegsToIssueResult,
  StatementInput,
  StatementResult,
  TaxPreviewResult,
} from './schemas';
import { barterStatement, statementCsv } from './statement';

/**
 * GST of barter deals (product-spec-3 section 1): each party's side is a leg, computed by `computeLegs` in
 * packages/core, stored at acceptance. Parties only; anyone else gets 404. Not tax advice: members check with
 * their accountant.
 */
export const taxRouter = router({
  /** Each leg as it is (accepted) or would be on acceptance, and the viewer's GST owed and claimable. */
  preview: authedProcedure
    .input(DealTaxInput)
    .output(TaxPreviewResult)
    .query(({ ctx, input }) => taxPreview(ctx.services.database.db, ctx.user, input.id)),

  /** "Invoices to issue": your draft legs, soonest due first, with the days left of each 30-day clock. */
  toIssue: authedProcedure
    .output(LegsToIssueResult)
    .query(({ ctx }) => legsToIssue(ctx.services.database.db, ctx.user)),

  /** Your invoice series: its prefix and the number your next issue gets (nulls before you set one). */
  invoiceSeries: authedProcedure
    .output(InvoiceSeriesState)
    .query(({ ctx }) => getInvoiceSeries(ctx.services.database.db, ctx.user)),

  /** Your own invoice series for barter legs: the prefix (`HS/25-26/`); answers the next number. */
  setInvoiceSeries: authedProcedure
    .input(InvoiceSeriesInput)
    .output(InvoiceSeriesResult)
    .mutation(({ ctx, input }) => setInvoiceSeries(ctx.services.database.db, ctx.user, input)),

  /** The supplier issues its leg: the next number of its series, or the number used elsewhere (`invoiceNumber`). */
  issueLeg: authedProcedure
    .input(IssueLegInput)
    .output(LegResult)
    .mutation(async ({ ctx, input }) => ({ leg: await issueLeg(ctx.services.database.db, ctx.user, input) })),

  /**
   * Your barter statement for a period: the legs you supplied (outward) and received (inward) in deals accepted
   * in it, with totals; `format: csv` answers the file with the documented columns.
   */
  statement: authedProcedure
    .input(StatementInput)
    .output(StatementResult)
    .query(async ({ ctx, input }) => {
      const statement = await barterStatement(ctx.services.database.db, ctx.user, input);
      if (input.format === 'json') return statement;
      const filename = `barter-statement-${input.from}-to-${input.to}.${input.format}`;
      if (input.format === 'pdf') {
        const pdf = await statementPdf(statement, displayName(ctx.user));
        const content = pdf.toString('base64');
        return { file: { filename, contentType: 'application/pdf', content, encoding: 'base64' as const } };
      }
      const content = statementCsv(statement);
      return {
        file: { filename, contentType: 'text/csv; charset=utf-8', content, encoding: 'utf8' as const },
      };
    }),

  /**
   * The e-invoice JSON (INV-01, version 1.1) of an issued leg, for its supplier or an admin: 409 when
   * e-invoicing does not apply to it, before issue or without both addresses.
   */
  einvoice: authedProcedure
    .input(LegDocumentInput)
    .output(EInvoiceResult)
    .query(({ ctx, input }) => legEInvoice(ctx.services.database.db, ctx.user, input.id, input.legId)),
});
