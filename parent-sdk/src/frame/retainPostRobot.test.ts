import { beforeEach, expect, test, vi } from 'vitest'
import { fakePostRobot } from '../../test/fakePostRobot.ts'
import { retainPostRobot } from './retainPostRobot.ts'

vi.mock('post-robot', () => import('../../test/fakePostRobot.ts').then((m) => m.postRobotModule))

beforeEach(() => fakePostRobot.reset())

test('default: set up on retain, destroyed when the last user releases', () => {
  const a = retainPostRobot()
  const b = retainPostRobot()
  expect(fakePostRobot.api.setup).toHaveBeenCalledTimes(2)
  a()
  expect(fakePostRobot.api.destroy).not.toHaveBeenCalled()
  b()
  expect(fakePostRobot.api.destroy).toHaveBeenCalledTimes(1)
})

test('behavior: releasing twice counts once', () => {
  const a = retainPostRobot()
  const b = retainPostRobot()
  a()
  a()
  expect(fakePostRobot.api.destroy).not.toHaveBeenCalled()
  b()
  expect(fakePostRobot.api.destroy).toHaveBeenCalledTimes(1)
})
