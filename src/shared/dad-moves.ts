/** The Dad Moves email list (spec 002: 52 moves, one per week). */
export const DAD_MOVES_COUNT = 52;
export const SUBSCRIBE_SOURCES = ["Dad-Moves"] as const;

export const SUBSCRIBE_COPY = {
  dialogError: "We couldn't save your email. Please try again.",
  bannerError: "Something went wrong. Try again or email support.",
  listSuccess: "You're on the list! Check your inbox for a year's worth of Dad Moves and app updates.",
  downloadSuccess: "Check your inbox! The Dad Moves download is on its way.",
  stayOpenSuccess: "You're on the list! Check your inbox.",
  dadMovesHeading: "Want to download a year's worth of dad moves?",
  dadMovesButton: "Send me the moves",
  dialogTitle: "Get 52 Dad Moves",
} as const;
