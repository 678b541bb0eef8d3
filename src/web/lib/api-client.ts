/**
 * JSON fetch wrapper for the Hey Dad API.
 * Sends cookies, parses JSON, and turns the server's `{ error: { code, message } }`
 * answers into an `ApiError` the UI can map to the spec's wording.
 */

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;

  constructor({ code, status, message }: { code: string; status: number; message: string }) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Announced when the server refuses recording or playback after the free month (403 ACCESS_REQUIRED). */
export const ACCESS_REQUIRED_EVENT = "heydad:access-required";

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ApiRequestOptions = {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

type ErrorBody = { error?: { code?: unknown; message?: unknown } };

function readErrorBody(value: unknown): { code?: string; message?: string } {
  if (typeof value !== "object" || value === null) return {};
  const error = (value as ErrorBody).error;
  if (typeof error !== "object" || error === null) return {};
  return {
    code: typeof error.code === "string" ? error.code : undefined,
    message: typeof error.message === "string" ? error.message : undefined,
  };
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = "GET", body, signal, headers = {} } = options;
  const init: RequestInit = {
    method,
    credentials: "include",
    signal,
    headers: { Accept: "application/json", ...headers },
  };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body instanceof Blob) {
    // A file goes as the raw request body, typed by the Blob.
    init.body = body;
    init.headers = { ...init.headers, "Content-Type": body.type || "application/octet-stream" };
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, "Content-Type": "application/json" };
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError({
      code: "NETWORK_ERROR",
      status: 0,
      message: "We couldn't reach Hey Dad. Check your connection and try again.",
    });
  }

  const text = await response.text();
  let parsed: unknown = undefined;
  if (text.length > 0) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }

  if (!response.ok) {
    const { code, message } = readErrorBody(parsed);
    // globalThis: the page's window, or the service worker sending the outbox (where nobody listens).
    if (code === "ACCESS_REQUIRED") globalThis.dispatchEvent(new Event(ACCESS_REQUIRED_EVENT));
    throw new ApiError({
      code: code ?? `HTTP_${response.status}`,
      status: response.status,
      message: message ?? "Something went wrong. Please try again.",
    });
  }

  return parsed as T;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PUT", body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PATCH", body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "DELETE" }),
};
