import { errorBody } from '@portal/contract'

/** The error responses every authenticated route can give, for the OpenAPI document. */
export const errorResponses = {
  400: errorBody.describe('A field is invalid; the message names it'),
  401: errorBody.describe('No valid token'),
  403: errorBody.describe('Not allowed'),
  404: errorBody.describe('Not found in the current entity'),
} as const
