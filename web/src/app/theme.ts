import { createTheme, Notification, type CSSVariablesResolver } from '@mantine/core'

// Touch targets of at least 44 px on phones (technicians wear gloves in machine rooms).
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on buttons above 4.5:1.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    Button: { defaultProps: { size: 'md' } },
    // A notification with a title greys its message at gray.6 (3.3:1) and its close button
    // has no name for screen readers: the message in the dimmed grey, the button named.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Fermer la notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
})

// Mantine's dimmed grey (gray.6) reads at 3.3:1 on white, under the 4.5:1 WCAG asks for
// small text: one step darker everywhere. Same for the red of field errors (red.6, 3.3:1).
// A hovered light button's blue (blue.2 behind blue.9 text, 4.0:1) becomes blue.1 (4.7:1).
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
  },
  dark: {},
})
