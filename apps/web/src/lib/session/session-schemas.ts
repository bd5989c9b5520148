/**
 * The response schemas of the calls the shell makes before any screen: sign-in, session, entities, policies. The
 * session API imports this module lazily, beside each request, so zod is not part of the first download
 * (docs/decisions/0041-lazy-schemas.md).
 */
export {
  childEntitiesFilterResponse,
  entityListResponse,
  entityResponse,
  entitySwitchResponse,
  loginResponse,
  logoutResponse,
  policyCheckResponse,
  resetPasswordResponse,
  smsLoginResponse,
  userResponse,
} from '@portal/contract'
