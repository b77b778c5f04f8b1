export { THEME_STORAGE_KEY, themeColorSchemeManager } from './color-scheme';
export {
  englishForgotPasswordLabels,
  ForgotPassword,
  type ForgotPasswordLabels,
  type ForgotPasswordProps,
} from './ForgotPassword';
export { Logo } from './Logo';
export { UiProvider } from './Providers';
export { ThemeToggle } from './ThemeToggle';
export { LANGUAGE_SWITCH_FONTS, theme } from './theme';
