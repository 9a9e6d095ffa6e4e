/**
 * Public surface of the secrets module (issue 33, "rotate APP_KEY"): the list of sealed columns and the
 * re-sealing behind `npm run rotate-secrets` (rotate-secrets-cli.ts). The key ring itself is platform
 * (platform/key-ring.ts), used by every module that seals or signs.
 */

export {
  type ColumnRotation,
  findUnopenableSecrets,
  ROTATION_BATCH_SIZE,
  rotateSecrets,
  SEALED_COLUMNS,
  type UnopenableSecret,
  UnopenableSecretsError,
} from './secrets.rotate';
