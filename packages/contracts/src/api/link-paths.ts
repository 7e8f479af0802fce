/**
 * The catalogue's paths the web app writes into links and image addresses rather than calling
 * (`urlOf({ path })`). They live here, apart from the endpoints' schemas, so a screen can name
 * them without building the catalogue; each endpoint's declaration takes its path from here.
 */
export const LINK_PATHS = {
  linkedinOauthStart: '/api/v1/linkedin/oauth/start',
  googleSignIn: '/api/v1/auth/google',
  analyticsExport: '/api/v1/analytics/export',
  mediaFile: '/api/v1/media/{id}',
  mediaThumbnail: '/api/v1/media/{id}/thumbnail',
} as const;
