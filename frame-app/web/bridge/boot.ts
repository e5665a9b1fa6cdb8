import {
  APPROVAL_TIMEOUT_MS,
  DEFAULT_CHAIN_ID,
  isOriginAllowed,
  normalizeOrigin,
  schemas,
} from '@keyframe/protocol'
import { type AddableChain, addableChainsSchema } from '@keyframe/protocol/frame-api/addableChains'
import {
  approvalTimeoutSchema,
  type FrameChain,
  frameChainsSchema,
} from '@keyframe/protocol/frame-api/chains'
import { type LoginProvider, loginProvider } from '@keyframe/protocol/frame-api/login'
import * as z from 'zod/mini'

/** The project config the server injects as `<script type="application/json" id="keyframe-config">`. */
export const frameConfig = z.object({
  projectId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  allowedOrigins: z.array(z.string()),
  chains: z.optional(frameChainsSchema),
  addableChains: z.optional(addableChainsSchema),
  approvalTimeoutMs: z.optional(approvalTimeoutSchema),
  /** The logins besides e-mail the project turned on (READY.logins); absent from an older server. */
  logins: z.optional(z.array(loginProvider)),
})
export type FrameConfig = z.output<typeof frameConfig>

export type BootInput = {
  /** `location.search` of the frame document. */
  search: string
  /** Text of the `#keyframe-config` script, or null when it is missing. */
  configText: string | null | undefined
  /** `window.parent === window`. */
  isTopLevel: boolean
  /** `location.ancestorOrigins` where the browser has it (Chromium, Safari), else undefined. */
  ancestorOrigins: ArrayLike<string> | undefined
}

export type Boot =
  | {
      ok: true
      projectId: string
      parentOrigin: string
      chainId: string
      /** The chains the server configured (none when it configured none). */
      chains: FrameChain[]
      /** The operator's policy for chains a dApp may add (none when it set none). */
      addableChains: AddableChain[]
      approvalTimeoutMs: number
      /** The logins besides e-mail the project turned on, when the config names them. */
      logins: LoginProvider[] | undefined
    }
  | { ok: false; reason: string }

/**
 * Decides whether the bridge may start, and pins the parent origin it will ever talk to. The `origin` query
 * param is normalised with `new URL().origin` and must be allowed by the project; where the browser reports
 * `location.ancestorOrigins`, its first entry must equal it. A top-level frame never starts. Pure: never throws.
 */
export function bootFrame(input: BootInput): Boot {
  try {
    if (input.isTopLevel) return { ok: false, reason: 'the frame is not embedded' }
    const parsedConfig = parseConfig(input.configText)
    if (!parsedConfig) return { ok: false, reason: 'the project config is missing or invalid' }
    const query = new URLSearchParams(input.search)
    const projectId = query.get('projectId')
    if (projectId !== parsedConfig.projectId)
      return { ok: false, reason: 'projectId does not match the config' }
    const originParam = query.get('origin')
    if (!originParam) return { ok: false, reason: 'the origin parameter is missing' }
    let parentOrigin: string
    try {
      parentOrigin = normalizeOrigin(new URL(originParam).origin)
    } catch {
      return { ok: false, reason: 'the origin parameter is not an origin' }
    }
    if (!isOriginAllowed(parentOrigin, parsedConfig.allowedOrigins)) {
      return { ok: false, reason: `origin ${parentOrigin} is not allowed for project ${projectId}` }
    }
    if (input.ancestorOrigins !== undefined && input.ancestorOrigins[0] !== parentOrigin) {
      return { ok: false, reason: `the embedding page is not ${parentOrigin}` }
    }
    const chainIdParam = query.get('chainId')
    const chainId =
      chainIdParam && schemas.caip2.safeParse(chainIdParam).success ? chainIdParam : DEFAULT_CHAIN_ID
    return {
      ok: true,
      projectId: parsedConfig.projectId,
      parentOrigin,
      chainId,
      chains: parsedConfig.chains ?? [],
      addableChains: parsedConfig.addableChains ?? [],
      approvalTimeoutMs: parsedConfig.approvalTimeoutMs ?? APPROVAL_TIMEOUT_MS,
      logins: parsedConfig.logins,
    }
  } catch {
    return { ok: false, reason: 'the frame could not read its parameters' }
  }
}

function parseConfig(text: string | null | undefined): FrameConfig | undefined {
  if (!text) return undefined
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return undefined
  }
  const parsed = frameConfig.safeParse(json)
  return parsed.success ? parsed.data : undefined
}
