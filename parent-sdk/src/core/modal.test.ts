import { expect, test, vi } from 'vitest'
import { createKeyframe } from './createKeyframe.ts'
import { getModalState, watchModalState } from './modal.ts'

const kfOptions = { projectId: 'demo', frameUrl: 'http://localhost:5174/frame', networks: [] }

test('getModalState: the same object until a modal field changes', () => {
  const kf = createKeyframe(kfOptions)
  const first = getModalState(kf)
  expect(getModalState(kf)).toBe(first)
  kf.setThemeMode('light')
  expect(getModalState(kf)).toBe(first)
  kf._internal.store.setState({ open: true })
  expect(getModalState(kf)).not.toBe(first)
  expect(getModalState(kf)).toEqual({ isOpen: true, view: 'Connect', history: ['Connect'] })
})

test('watchModalState: fires on modal changes only, with the previous value', () => {
  const kf = createKeyframe(kfOptions)
  const onChange = vi.fn()
  const unwatch = watchModalState(kf, { onChange })
  kf.setThemeMode('light')
  kf._internal.toasts.show('loading', 'Wait')
  expect(onChange).not.toHaveBeenCalled()
  kf._internal.store.setState({ open: true })
  expect(onChange).toHaveBeenCalledTimes(1)
  expect(onChange.mock.calls[0]?.[0]).toMatchObject({ isOpen: true })
  expect(onChange.mock.calls[0]?.[1]).toMatchObject({ isOpen: false })
  unwatch()
  kf.close()
  expect(onChange).toHaveBeenCalledTimes(1)
})
