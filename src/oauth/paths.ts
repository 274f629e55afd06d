/** Where the authorization server lives (kept apart from provider.ts so that naming a path loads no library). */
export const OAUTH_PATHS = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
  interaction: '/oauth/interaction',
} as const;
