import { type HackleEvent, type Kernel } from '../../kernel'
import { describeError } from '../../internal'
import { PropertyOperationsBuilder } from '../../internal'

const PHONE_NUMBER = '$phone_number'

/** Something that turns into the channel's event, as the reference calls it: `operations.toEvent(key)`. */
interface ToEvent {
  toEvent(key: string): HackleEvent
}

/**
 * The user-event calls of the reference: subscription updates and the phone number.
 * Each tracks one event for the current user, asks for a background flush and resolves; nothing throws or
 * rejects (an unexpected error is logged with the reference's text).
 */
export function userEventCalls(kernel: Kernel) {
  const { client, logger, hooks } = kernel

  const run = (failure: string, body: () => void): Promise<void> => {
    try {
      body()
    } catch (error) {
      logger.error(`${failure}: ${describeError(error)}`)
    }
    return Promise.resolve()
  }

  const track = (event: HackleEvent) => {
    client.track(event)
    hooks.flush.call('manual')
  }

  // The reference logs every subscription failure as a properties update (its own text, kept as is).
  const subscriptions = (eventKey: string) => (operations: unknown) =>
    run('Unexpected exception while update userProperties', () => track((operations as ToEvent).toEvent(eventKey)))

  return {
    updatePushSubscriptions: subscriptions('$push_subscriptions'),
    updateSmsSubscriptions: subscriptions('$sms_subscriptions'),
    updateKakaoSubscriptions: subscriptions('$kakao_subscriptions'),
    /** Tracks `$secured_properties` `{"$set":{"$phone_number": value}}`; the value is sent as given, not stored. */
    setPhoneNumber: (phoneNumber: unknown) =>
      run('Unexpected exception occurred while setting phone number', () => {
        if (typeof phoneNumber !== 'string') {
          // A template literal (not String()) so that a symbol throws as in the reference's concat.
          return logger.error(`Invalid value ${phoneNumber as string}: phoneNumber value type must be string.`)
        }
        track(new PropertyOperationsBuilder().set(PHONE_NUMBER, phoneNumber).build().toSecuredEvent())
      }),
    /** Tracks `$secured_properties` `{"$unset":{"$phone_number":"-"}}`. */
    unsetPhoneNumber: () =>
      run('Unexpected exception occurred while unsetting phone number', () =>
        track(new PropertyOperationsBuilder().unset(PHONE_NUMBER).build().toSecuredEvent()),
      ),
  }
}
