import { parseUserAgent } from './user-agent'
import { bundleUserAgentParser } from './user-agent-source'

/**
 * What only the script-tag build bundles of this plugin: the full user-agent parser, so that a page that hosts the
 * one script file reads every user agent at once (nothing is loaded apart, no event waits). The npm build never
 * imports this module; its first load stays without the parser's rule tables.
 */
export const readUserAgentsAtOnce = (): void => bundleUserAgentParser(parseUserAgent)
