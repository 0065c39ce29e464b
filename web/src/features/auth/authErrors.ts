import { SELLER } from '@harbor/domain';
import { errorCode } from '../../lib/errorCode';

/** A readable sentence for each Firebase Auth error code a shopper can meet. */
const messages: Record<string, string> = {
  'auth/wrong-password': 'That password is not right. Please try again.',
  'auth/invalid-credential': 'The e-mail or password is not right. Please try again.',
  'auth/invalid-login-credentials': 'The e-mail or password is not right. Please try again.',
  'auth/user-not-found': 'No account uses that e-mail address. Check it, or register.',
  'auth/email-already-in-use': 'An account with that e-mail already exists. Please log in instead.',
  'auth/weak-password': 'That password is too weak. Use at least 8 characters with letters and numbers.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': 'We could not reach the server. Check your connection and try again.',
  'auth/invalid-email': 'That e-mail address is not valid.',
  'auth/user-disabled': `This account has been disabled. Please contact us at ${SELLER.email} or ${SELLER.phone}.`,
  'auth/missing-email': 'Please enter your e-mail address.',
  'auth/requires-recent-login': 'Please log out and log in again, then change your password.',
};

export function authErrorMessage(error: unknown): string {
  return messages[errorCode(error)] ?? 'That could not be done just now. Please try again in a moment.';
}
