import type { TFunction } from 'i18next'

/**
 * The validation messages of the contract's schemas and of the server's field errors are English, shared by both
 * sides. The forms show them in the interface language when they are known; an unknown one (a new rule) shows as
 * the server wrote it rather than not at all.
 */
const KNOWN: Record<string, string> = {
  'Enter a name': 'enterName',
  'Enter a valid email address': 'email',
  'Enter a phone number such as +65 8123 4567': 'phone',
  'Use 3–50 lower-case letters, digits, dots, dashes or underscores, starting with a letter or digit':
    'username',
  'Give either a role or a policy': 'grant',
  'Choose at least one policy': 'choosePolicy',
  'Add at least one statement': 'addStatement',
  "Use a path such as 'machines/*', or '*'": 'resourcePath',
  'Enter a code': 'enterCode',
  'Use lower-case letters, digits and dashes': 'codeChars',
  'Use at most 64 characters': 'max64',
  'Use at most 120 characters': 'max120',
  'Use at most 200 characters': 'max200',
  'Use at most 500 characters': 'max500',
  'Enter the 6-digit code': 'otp',
  'password is required': 'passwordRequired',
  'This username is taken': 'usernameTaken',
  'A role with this name already exists': 'roleNameTaken',
  'A set with this code already exists': 'setCodeTaken',
  'A set cannot be placed under itself or one of its own sets': 'setCycle',
  'Unknown parent set': 'unknownParent',
  'The code is not correct': 'wrongCode',
  'The password is not correct': 'wrongPassword',
  "An owner's relation cannot be changed here": 'ownerRelation',
}

export function localizeMessage(t: TFunction, message: string): string {
  const key = KNOWN[message]
  return key === undefined ? message : t(`iamScreens.messages.${key}`, { defaultValue: message })
}
