// Business constants of spec §9. Times are milliseconds unless the name says otherwise.
export const CSRF_CACHE_MS = 30 * 24 * 60 * 60 * 1000;
export const CSRF_REFETCH_INTERVAL_MS = 60_000;
export const SESSION_REFRESH_CHECK_MS = 60_000;
export const SESSION_ACTIVITY_WINDOW_MS = 30 * 60 * 1000;
export const SESSION_REFRESH_AFTER_MS = 12 * 60 * 60 * 1000;
export const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'scroll', 'touchstart'] as const;
export const REQUEST_TIMEOUT_MS = 30_000;
export const LOGIN_TIMEOUT_MS = 10_000;
export const CSRF_RETRIES = 1;
export const TRANSACTION_QUEUE_FLUSH_MS = 5_000;
export const TRANSACTION_QUEUE_MAX = 10;
export const QUERY_RETRY = 3;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
/** Backoff of the data cache: min(1000·2^n, 30000) ms. */
export const queryRetryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);
export const TOAST_LIMIT = 1;
export const MIN_PASSWORD_LENGTH = 8;
export const ACCOUNT_CREATED_REDIRECT_MS = 3_000;
export const DEFAULT_CURRENCY = 'USD';
export const ACTIVITY_LOG_CURRENCY = 'PHP';
export const ANCHOR_SCROLL_OFFSET_PX = 80;
export const HEADER_SCROLL_THRESHOLD_PX = 20;
export const API_BASE_PATH = '/api';
export const DEFAULT_TIME_ZONE = 'Asia/Manila';

/**
 * The map background (OpenStreetMap's standard tiles): the web draws it, the server's Content-Security-Policy
 * lets images come from its origin. Places on a map never depend on it loading.
 */
export const MAP_TILES = {
  origin: 'https://tile.openstreetmap.org',
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
} as const;
