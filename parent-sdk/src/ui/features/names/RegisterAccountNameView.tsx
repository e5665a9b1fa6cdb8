/** @jsxImportSource preact */
import type { TargetedSubmitEvent } from 'preact'
import { useId, useLayoutEffect, useState } from 'preact/hooks'
import { getNameSuggestions } from '../../../api/getNameSuggestions.ts'
import { getAccount, watchAccount } from '../../../core/account.ts'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import { canRegisterName } from '../../account/profileName.ts'
import { chainApiOf } from '../../chainApi.ts'
import { Field } from '../../Field.tsx'
import { useWatched } from '../../useWatched.ts'
import { labelError, labelOf, type NameSuggestion, readSuggestions, suffixOf } from './nameField.ts'
import { getNameRegistration } from './nameRegistration.ts'
import { registerAccountName } from './registerAccountName.ts'
import { NAMES_STYLES } from './styles.ts'

/** How long typing must pause before suggestions are asked for: one request per pause, not per key. */
export const SUGGESTIONS_DELAY_MS = 300

/** chain-api's answer for one label. */
type Answer = { label: string; suggestions: readonly NameSuggestion[] } | { label: string; failed: true }

/**
 * RegisterAccountName (SPEC §2, §5): the name field, checked as typed (letters, digits, hyphens, at least 4),
 * the registry's suffix, whether the name is free and free variants to pick (chain-api's suggestions,
 * asked once typing pauses), and Register. EVM accounts only: elsewhere the view says so and offers nothing.
 */
export function RegisterAccountNameView({ kf }: { kf: Keyframe }) {
  const account = useWatched(kf, watchAccount, getAccount)
  const id = useId()
  // After a failed attempt the field shows the name that failed (the views share the registration state).
  const [input, setInput] = useState(() => {
    const last = getNameRegistration(kf)
    return last?.status === 'failed' && last.address === account.address
      ? (last.name.split('.')[0] ?? '')
      : ''
  })
  const [answer, setAnswer] = useState<Answer | undefined>(undefined)
  const [suffix, setSuffix] = useState<string | undefined>(undefined)
  const label = labelOf(input, suffix)
  const error = labelError(label)
  const api = chainApiOf(kf)

  useLayoutEffect(() => {
    if (!api || label === '') return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      getNameSuggestions(api, { name: label, signal: controller.signal }).then(
        ({ suggestions }) => {
          setAnswer({ label, suggestions })
          setSuffix((known) => known ?? suffixOf(suggestions))
        },
        () => {
          if (!controller.signal.aborted) setAnswer({ label, failed: true })
        },
      )
    }, SUGGESTIONS_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [api, label])

  if (!canRegisterName(kf) || !account.address) {
    return (
      <p className="kf-text" role="status">
        Names can be registered for accounts on EVM networks only.
      </p>
    )
  }

  const current = answer?.label === label ? answer : undefined
  const read = current && !('failed' in current) ? readSuggestions(label, current.suggestions) : undefined
  const fullName = `${label.toLowerCase()}${suffix ?? ''}`
  const fieldError = error ?? (read?.taken ? `${fullName} is taken` : undefined)
  const status =
    label === '' || error
      ? ''
      : current === undefined
        ? 'Checking…'
        : 'failed' in current
          ? 'Error fetching name suggestions'
          : read?.taken === false
            ? `${fullName} is available`
            : ''
  const canRegister = label !== '' && !error && read?.taken === false

  function onSubmit(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (canRegister) void registerAccountName(kf, fullName)
  }

  return (
    <form className="kf-stack" noValidate onSubmit={onSubmit}>
      <style>{NAMES_STYLES}</style>
      <p className="kf-text">A name others can use instead of your address.</p>
      <Field
        id={`${id}-name`}
        label="Name"
        error={fieldError}
        describedBy={[`${id}-status`]}
        after={
          <p className="kf-info kf-name-status" id={`${id}-status`} role="status">
            {status}
          </p>
        }
      >
        {(control) => (
          <div className="kf-name-row">
            <input
              className="kf-input"
              {...control}
              name="name"
              autoComplete="off"
              autoCapitalize="off"
              spellcheck={false}
              placeholder="your-name"
              value={input}
              onInput={(event) => setInput(event.currentTarget.value)}
            />
            {suffix && (
              <span className="kf-name-suffix" aria-hidden="true">
                {suffix}
              </span>
            )}
          </div>
        )}
      </Field>
      {read && read.variants.length > 0 && (
        <div>
          <h3 className="kf-label" id={`${id}-suggestions`}>
            Suggestions
          </h3>
          <ul className="kf-networks" aria-labelledby={`${id}-suggestions`}>
            {read.variants.map((name) => (
              <li key={name}>
                <button
                  type="button"
                  className="kf-button kf-block kf-network"
                  onClick={() => setInput(name.split('.')[0] ?? name)}
                >
                  {name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <button className="kf-button kf-primary kf-block" type="submit" disabled={!canRegister}>
        Register
      </button>
    </form>
  )
}
