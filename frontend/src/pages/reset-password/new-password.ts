// The new-password rules (spec section 5, the application's password rules): at least 8
// characters, and the confirmation must match.
import { PasswordResetInput } from '../../../../core/auth';

export const PASSWORDS_DONT_MATCH = "Passwords don't match";

export function newPasswordErrors(password: string, confirmPassword: string): { password?: string; confirmPassword?: string } {
  const errors: { password?: string; confirmPassword?: string } = {};
  const parsed = PasswordResetInput.shape.password.safeParse(password);
  if (!parsed.success) errors.password = parsed.error.issues[0]?.message ?? 'Password must be at least 8 characters';
  if (confirmPassword !== password) errors.confirmPassword = PASSWORDS_DONT_MATCH;
  return errors;
}
