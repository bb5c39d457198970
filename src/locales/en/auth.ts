/** English texts of the sign-in screen, the phone field and the access-denied page (the spec's texts word for word). */
export default {
  phone: 'Phone',
  phonePlaceholder: '10-digit mobile number',
  password: 'Password',
  yourPassword: 'Your password',
  signIn: 'Sign In',
  signInSubtitle: 'Welcome back to your local shops.',
  forgotPasswordLink: 'Forgot password?',
  newHere: 'New here?',
  createAccount: 'Create an account',
  otherAccountKind: 'This page is for another kind of account.',
  signInToContinue: 'Please sign in to continue.',
  goToHome: 'Go to Home',
  pageNotFound: 'Page not found',
  pageNotFoundHint: 'This address is not a page of the app. It may have been mistyped, or the page has moved.',
  home: 'Home',
  search: 'Search',
  // a sign-in that never reached the server: what happened and what to do, never a transport code
  fetchError: 'No connection. Check your internet and try again.',
  timeoutError: 'The server is taking too long to answer. Try again in a moment.',
  parsingError: 'The server sent an answer that could not be read. Try again.',
  undoPhoneChangeLink: 'Undo a phone change',
} as const;
