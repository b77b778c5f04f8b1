export { onePagePdf } from '../documents';
export { expectAppReady, expectPageLoaded, rememberColorScheme, seriousViolations } from './accessibility';
export {
  demoListingId,
  type E2eAccount,
  loginThroughApi,
  signInAsAdmin,
  signInInNewContext,
  signInThroughApi,
  signInThroughForm,
  signUpThroughApi,
  uniqueE2eEmail,
} from './accounts';
export { CHROMIUM_LAUNCH, e2eConfig, TEST_BROWSER_LAUNCH } from './config';
export * from './constants';
export { devanagariFaceStates, systemFontsDrawing } from './fonts';
export { layoutShifts, placesWhileArriving } from './layout';
export { mailCount, readMail, readMailedCode } from './mail';
export { controlFakeRazorpay, type E2eRazorpay, e2eRazorpay, settleFakeRefunds } from './razorpay';
export { callsProcedure } from './trpc';
export { readWhatsappCode, whatsappMessagesTo } from './whatsapp';
