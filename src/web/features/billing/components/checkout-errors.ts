import { ApiError } from "../../../lib/api-client";

/** The spec's checkout alerts (000 §8, 002 §8), with the server's own message for a refused request. */
export function checkoutErrorMessage(error: unknown) {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status >= 500) return "Checkout endpoint error.";
    return error.message;
  }
  return "Unexpected error starting checkout.";
}
