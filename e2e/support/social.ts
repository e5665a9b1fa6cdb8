/**
 * The person at the social provider (the local stand-in, `startOidc` in @keyframe/dev-fixtures): its login page
 * (any login name: `<name>`, `<name>+unverified`, `<name>+noemail`) and its consent page, in the login popup or
 * the tab the redirect fallback took there. Every flow shows both pages, so nothing is skipped or guessed.
 * @module
 */
import { expect, type Page } from '@playwright/test'

/** Signs in as `login` and answers the consent page: Allow sends the person back with a code, Deny with `error=access_denied`. */
export async function signInAtProvider(
  page: Page,
  { login, consent }: { login: string; consent: 'allow' | 'deny' },
): Promise<void> {
  const name = page.getByLabel('Login name')
  await expect(name).toBeVisible({ timeout: 15_000 })
  await name.fill(login)
  await page.getByRole('button', { name: 'Sign in' }).click()
  const answer = page.getByRole('button', { name: consent === 'allow' ? 'Allow' : 'Deny', exact: true })
  await expect(answer).toBeVisible()
  await answer.click()
}
