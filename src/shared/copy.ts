/** Product copy used by more than one screen (wording from the spec). */

export { PRODUCT_NAME } from "./product";

export const TAGLINES = {
  hero: "Be there now. Be there forever.",
  heroLine:
    "Record messages that last a lifetime & get the right moves for every dad moment along the way.",
  signup: "Start recording the moments that matter",
  login: "Sign in to continue building your legacy",
  pricing: "Keep building for them",
  footer: "Good dads show up today. Great dads show up forever.",
} as const;

export const AUTH_COPY = {
  signIn: "Sign in",
  signingIn: "Signing in...",
  createAccount: "Create account",
  creatingAccount: "Creating account...",
  continueWithGoogle: "Continue with Google",
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: "Password must be at least 8 characters.",
  checkEmail: "Check your email for the confirmation link!",
  emailNotVerified: "Please confirm your email first. We sent you a link.",
  resendConfirmation: "Resend confirmation email",
  confirmationResent: "We sent a new confirmation link. Check your inbox.",
  resetRequested: "If an account exists for that email, we sent a reset link.",
  redeemGiftCode: "Redeem a gift code",
  noGiftCode: "Don't have a gift code? Just continue",
  loading: "Loading...",
  confirmationExpired: "This confirmation link has expired.",
  confirmationInvalid: "This confirmation link didn't work.",
  confirmationNewLink: "Links work for an hour. Enter your email below and we'll send you a new one.",
  confirmationAlreadyDone: "Your email is already confirmed.",
  confirmationSignIn: "Sign in below to continue.",
  sendNewLink: "Send me a new link",
  backupCodeHint: "Enter one of the backup codes you saved when you turned on two-step verification. Each code works once.",
  backupCodeRefused: "That backup code didn't work. Check it, or try another one: each code works only once.",
} as const;

export const PASSWORD_MIN_LENGTH = 8;

export const SIGNUP_BENEFITS = ["1 month free", "No credit card needed", "Private and secure"] as const;

/** Asked before leaving a recording that is not saved yet ('No recording lost'). */
export const UNSAVED_RECORDING_COPY = {
  title: "Leave without saving?",
  description: "Your recording isn't saved yet. If you leave, we'll keep it on this device and offer it back next time you open Record.",
  stay: "Stay and save",
  leave: "Leave",
} as const;

/** A recording cut by a reload or a closed tab before any of its sound or picture was kept: there is nothing to offer back. */
export const NOTHING_RECORDED_COPY = "Nothing was recorded yet: your last recording stopped in its first seconds, before any sound or picture was kept. Start again whenever you're ready.";

/** A memory recorded with no network waits on the device (the installed app's outbox). */
export const OFFLINE_COPY = {
  savedOnDevice: "Saved on this phone: it will be sent when you're online",
  waitingTitle: (count: number) => (count === 1 ? "1 memory waiting to send" : `${count} memories waiting to send`),
  sending: (done: number, count: number) => `Sending ${done + 1} of ${count}…`,
  conflictTitle: "This memory needs you before it can be sent",
  sendToOthers: "Send it without the missing child",
  keep: "Keep it on this phone",
  discard: "Delete it",
  discardConfirm: "Delete it for good? It has not been sent, so this is the only copy.",
} as const;
