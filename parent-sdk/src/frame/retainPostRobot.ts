/// <reference path="../../types/post-robot.d.ts" />
import postRobot from 'post-robot'

// post-robot keeps ONE window `message` listener for the whole page (installed when it is imported). We
// count the frame clients that use it and remove it with the last one, so `destroy()` leaves no listener
// behind; `setup()` installs it again for the next client. This counter is the one piece of module state
// in the SDK: it mirrors post-robot's own page-wide global, which is not ours to multiply.
let users = 0

/** Makes sure post-robot listens, and returns the release for this user (idempotent). */
export function retainPostRobot(): () => void {
  users++
  postRobot.setup()
  let released = false
  return () => {
    if (released) return
    released = true
    users--
    if (users === 0) postRobot.destroy()
  }
}
