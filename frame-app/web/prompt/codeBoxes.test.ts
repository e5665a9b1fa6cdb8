// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest'
import { CODE_LENGTH, type CodeBoxes, createCodeBoxes } from './codeBoxes.ts'

function setup(): CodeBoxes {
  const label = Object.assign(document.createElement('p'), { id: 'what', textContent: 'Enter the code' })
  const boxes = createCodeBoxes({ document, labelledBy: 'what' })
  document.body.append(label, boxes.group)
  boxes.focus(0)
  return boxes
}

const focused = (boxes: CodeBoxes) => boxes.inputs.indexOf(document.activeElement as HTMLInputElement)
const digits = (boxes: CodeBoxes) => boxes.inputs.map((input) => input.value || '·').join('')

/** A key as the browser would send it to the focused box; returns whether the box's default ran. */
function press(key: string, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })
  document.activeElement?.dispatchEvent(event)
  return !event.defaultPrevented
}
function typeKeys(text: string) {
  for (const key of text) press(key)
}
function paste(text: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true })
  Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } })
  document.activeElement?.dispatchEvent(event)
  return event.defaultPrevented
}
/** Text arriving past the keys (autofill, a phone keyboard): the box's value changes, then `input`. */
function arrive(box: HTMLInputElement, value: string) {
  box.value = value
  box.dispatchEvent(new Event('input', { bubbles: true }))
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('createCodeBoxes', () => {
  test('default: six numeric boxes in one group named by the text, each labelled; the first takes autofill', () => {
    const boxes = setup()
    expect(CODE_LENGTH).toBe(6)
    expect(boxes.group.getAttribute('role')).toBe('group')
    expect(boxes.group.getAttribute('aria-labelledby')).toBe('what')
    expect(boxes.inputs.map((input) => input.getAttribute('aria-label'))).toEqual([
      'Digit 1 of 6',
      'Digit 2 of 6',
      'Digit 3 of 6',
      'Digit 4 of 6',
      'Digit 5 of 6',
      'Digit 6 of 6',
    ])
    expect(boxes.inputs.map((input) => input.getAttribute('autocomplete'))).toEqual([
      'one-time-code',
      'off',
      'off',
      'off',
      'off',
      'off',
    ])
    expect(boxes.inputs.every((input) => input.inputMode === 'numeric' && input.type === 'text')).toBe(true)
    expect(boxes.code()).toBeUndefined()
    expect(boxes.firstEmpty()).toBe(0)
  })

  test('behavior: each digit fills its box and moves on; the code is there once all six are', () => {
    const boxes = setup()
    typeKeys('12345')
    expect(digits(boxes)).toBe('12345·')
    expect(focused(boxes)).toBe(5)
    expect(boxes.code()).toBeUndefined()
    expect(boxes.firstEmpty()).toBe(5)
    typeKeys('6')
    expect(boxes.code()).toBe('123456')
    expect(boxes.firstEmpty()).toBe(-1)
    expect(focused(boxes)).toBe(5)
  })

  test('behavior: anything printable that is not a digit is refused; Tab and shortcuts are left alone', () => {
    const boxes = setup()
    expect(press('a')).toBe(false)
    expect(press(' ')).toBe(false)
    expect(press('-')).toBe(false)
    expect(digits(boxes)).toBe('······')
    expect(press('Tab')).toBe(true)
    expect(press('v', { ctrlKey: true })).toBe(true)
    expect(press('Enter')).toBe(true)
  })

  test('behavior: a wrong digit of a full code is fixed in place (arrows, Backspace, a new digit)', () => {
    const boxes = setup()
    typeKeys('123956')
    press('ArrowLeft')
    press('ArrowLeft')
    press('ArrowLeft')
    expect(focused(boxes)).toBe(2)
    press('ArrowRight')
    press('Backspace')
    expect(digits(boxes)).toBe('123·56')
    expect(focused(boxes)).toBe(3)
    typeKeys('4')
    expect(boxes.code()).toBe('123456')
  })

  test('behavior: Backspace in an empty box empties the one before; Delete empties its own; Home and End', () => {
    const boxes = setup()
    typeKeys('123')
    expect(focused(boxes)).toBe(3)
    press('Backspace')
    expect(digits(boxes)).toBe('12····')
    expect(focused(boxes)).toBe(2)
    press('Home')
    expect(focused(boxes)).toBe(0)
    press('Delete')
    expect(digits(boxes)).toBe('·2····')
    press('End')
    expect(focused(boxes)).toBe(5)
    press('Backspace')
    press('Backspace')
    expect(focused(boxes)).toBe(3)
  })

  test.each([['123456'], ['123 456'], ['12-34-56'], ['  123456\n'], ['Your code: 123456']])(
    'behavior: pasting %j fills all six boxes from the first, whichever box has focus',
    (text) => {
      const boxes = setup()
      boxes.focus(3)
      expect(paste(text)).toBe(true)
      expect(boxes.code()).toBe('123456')
      expect(focused(boxes)).toBe(5)
    },
  )

  test('behavior: a paste of fewer digits goes in from the focused box; one of no digits changes nothing', () => {
    const boxes = setup()
    typeKeys('9')
    paste('12')
    expect(digits(boxes)).toBe('912···')
    expect(focused(boxes)).toBe(3)
    paste('abc')
    expect(digits(boxes)).toBe('912···')
  })

  test('behavior: an autofilled code (text in the first box) spreads over the six', () => {
    const boxes = setup()
    arrive(boxes.inputs[0] as HTMLInputElement, '654321')
    expect(boxes.code()).toBe('654321')
  })

  test('behavior: a box that held a digit and got another past the keys keeps the new one', () => {
    const boxes = setup()
    typeKeys('1')
    const second = boxes.inputs[1] as HTMLInputElement
    typeKeys('2')
    arrive(second, '27')
    expect(digits(boxes)).toBe('17····')
    arrive(second, 'x')
    expect(digits(boxes)).toBe('1·····')
  })

  test('behavior: clear empties every box', () => {
    const boxes = setup()
    paste('123456')
    boxes.clear()
    expect(digits(boxes)).toBe('······')
    expect(boxes.code()).toBeUndefined()
  })
})
