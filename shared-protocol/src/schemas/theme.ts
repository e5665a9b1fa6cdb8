import * as z from 'zod/mini'
import {
  THEME_COLOR_PATTERN,
  THEME_FONT_FAMILIES,
  THEME_FONT_SIZE_PX,
  THEME_RADIUS_PX,
} from '../rules/themeTokens.ts'
import { themeMode } from './common.ts'

/** An opaque hex colour; `url()`, `var()`, gradients, keywords and alpha do not match. */
export const themeColor = z
  .string()
  .check(z.regex(THEME_COLOR_PATTERN, 'Expected an opaque colour as #rgb or #rrggbb'))

/** A size in CSS px within `bounds`. */
const px = (bounds: { min: number; max: number }) => z.number().check(z.gte(bounds.min), z.lte(bounds.max))

/** The theme tokens (`rules/themeTokens.ts`): a closed set, nothing else gets through. */
export const themeTokens = z.strictObject({
  accent: z.optional(themeColor),
  background: z.optional(themeColor),
  surface: z.optional(themeColor),
  border: z.optional(themeColor),
  radius: z.optional(px(THEME_RADIUS_PX)),
  fontSize: z.optional(px(THEME_FONT_SIZE_PX)),
  fontFamily: z.optional(z.enum(THEME_FONT_FAMILIES)),
})

/** SYNC_THEME params: the mode and the tokens; what is left out keeps its previous value. */
export const syncThemeParams = z.strictObject({
  themeMode: z.optional(themeMode),
  tokens: z.optional(themeTokens),
})
