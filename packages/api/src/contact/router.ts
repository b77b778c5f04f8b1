import { publicProcedure, router } from '../trpc';
import { ContactInput, ContactResult } from './schemas';
import { sendContactMessage } from './send';

export const contactRouter = router({
  /** The public contact form: stored, mailed to the company address, rate-limited per IP and e-mail. */
  send: publicProcedure
    .input(ContactInput)
    .output(ContactResult)
    .mutation(({ ctx, input }) => sendContactMessage(ctx, input)),
});
