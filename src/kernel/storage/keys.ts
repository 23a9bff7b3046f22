/** Storage keys and cookie names shared with the reference SDK, so visitors keep their state. */

export const COOKIE_DEVICE_ID = '_hackle_hid'
export const COOKIE_LEGACY_ID = '_hackle_id'
export const cookieUserDeviceId = (sdkKey: string) => `_hackle_did_${sdkKey}`
export const cookieUserId = (sdkKey: string) => `_hackle_uid_${sdkKey}`
export const workspaceCacheKey = (sdkKey: string) => `hackle-workspace-config_${sdkKey.slice(0, 8)}`
/**
 * Cookie: a manual override list. `ab` / `ff` (experiment id → variation id) are the reference's; `rc` (remote-config
 * parameter key → value) is hackle-kit's own, in the same list format.
 */
export const manualOverrideKey = (sdkKey: string, kind: 'ab' | 'ff' | 'rc') => `hackle-manual-override_${kind}_${sdkKey.slice(0, 8)}`
/** localStorage: an in-app message's hide-until time (epoch ms as decimal text), by message key. */
export const inAppHideKey = (sdkKey: string, messageKey: number) => `hackle-iam-hide_${sdkKey.slice(0, 8)}_${messageKey}`
/** localStorage: an in-app message's impression history (JSON array), by message id. */
export const inAppImpressionKey = (sdkKey: string, messageId: number) => `hackle-iam-impression_${sdkKey.slice(0, 8)}_${messageId}`
/** localStorage: the pending in-app message delays (JSON object of message key → delay entities). */
export const inAppDelayKey = (sdkKey: string) => `hackle-campaign-delay_${sdkKey.slice(0, 8)}_iam-delay`
