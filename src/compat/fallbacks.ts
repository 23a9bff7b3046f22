import { definePlugin, type Plugin } from '../kernel'

/**
 * The reference's client methods that a plugin provides, by plugin (space-separated). Methods of capabilities
 * hackle-kit has not built yet are listed under the plugin that will provide them.
 */
const PROVIDED_BY: Record<string, string> = {
  identity:
    'setUser setUserId setDeviceId setUserProperty setUserProperties updateUserProperties updatePushSubscriptions ' +
    'updateSmsSubscriptions updateKakaoSubscriptions resetUser setPhoneNumber unsetPhoneNumber',
  sessions: 'getSessionId',
  events: 'isOptOutTracking setOptOutTracking',
  pages: 'setCurrentPage trackPageView',
  sync: 'fetch',
  'in-app-messages': 'setInAppMessageListener getDisplayedInAppMessageView',
  devtool: 'showUserExplorer hideUserExplorer',
}

/** What the reference returns without the capability: a settled promise for the async calls, else these (or undefined). */
const DEFAULTS: Record<string, unknown> = { getSessionId: '', isOptOutTracking: false, getDisplayedInAppMessageView: null }
const isAsync = (plugin: string, name: string) => plugin === 'identity' || name === 'fetch'

/** Client method name → the plugin that provides it. */
const providers = new Map(Object.entries(PROVIDED_BY).flatMap(([plugin, names]) => names.split(' ').map((name) => [name, plugin] as const)))

/** The client methods `missingMethodFallbacks` may add (the reference's, provided by plugins). */
export const FALLBACK_METHODS: readonly string[] = [...providers.keys()]

/**
 * Completes the reference's client surface on a client without some plugins: each method no plugin added becomes
 * a method that logs one warning naming the plugin (on its first call) and returns the reference's default; it never
 * throws. Apply it after every other plugin: it only fills names still free, so a plugin that provides a method
 * always keeps it.
 */
export const missingMethodFallbacks = definePlugin(
  (): Plugin => ({
    name: 'missing-method-fallbacks',
    apply(kernel) {
      const methods: Record<string, () => unknown> = {}
      for (const [name, plugin] of providers) {
        if (name in kernel.client) continue
        let warned = false
        methods[name] = () => {
          if (!warned) kernel.logger.warn(`${name}() needs the [${plugin}] plugin, which this client does not include: it does nothing`)
          warned = true
          return isAsync(plugin, name) ? Promise.resolve() : DEFAULTS[name]
        }
      }
      kernel.extend(methods)
    },
  }),
)
