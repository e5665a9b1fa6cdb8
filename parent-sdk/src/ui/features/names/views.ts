/**
 * The names feature's views, one lazily loaded chunk (`ui/Modal.tsx` loads it when either view first shows).
 * @module
 */
export { RegisterAccountNameSuccessView } from './RegisterAccountNameSuccessView.tsx'
export { RegisterAccountNameView } from './RegisterAccountNameView.tsx'
