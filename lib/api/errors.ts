// The one error type of the server side. Domain functions throw these; the API wrapper and
// server actions map them to responses. Anything else is an unexpected 500.
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string[]>) => new HttpError(400, message, fields);
export const unauthorized = () => new HttpError(401, "Authentication required");
export const forbidden = (message = "You do not have permission to do this") => new HttpError(403, message);
// Missing and foreign ids answer alike, so ids of other organisations cannot be probed.
export const notFound = (what = "Resource") => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
