/** The one-time links the server emails, all landing on /auth (magic link, email check, reset). */
export const AUTH_LINK_PARAMS = ['magic_token', 'verify_token', 'reset_token'] as const;

export const hasAuthLink = (params: URLSearchParams) => AUTH_LINK_PARAMS.some((name) => params.get(name));
