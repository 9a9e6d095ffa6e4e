import { LIMITS } from '@lm/contracts/limits';

/** Allowed files of an upload field (spec section 5). */
export interface FileRules {
  /** Lower-case extensions without the dot, e.g. ['jpg', 'jpeg', 'png']. */
  extensions: readonly string[];
  /** Largest size in bytes. */
  maxBytes?: number;
  /** How many files at once (spec: "one file only" on the forms). */
  maxFiles?: number;
}

/** Avatar: jpg, jpeg or png (spec sections 5 and 9), up to 5 mb. */
export const AVATAR_RULES: FileRules = {
  extensions: ['jpg', 'jpeg', 'png'],
  maxBytes: 5 * 1024 * 1024,
  maxFiles: 1,
};
/** Unreleased song media: mp3 or mp4 up to 50 mb (spec section 5). */
export const MEDIA_RULES: FileRules = {
  extensions: ['mp3', 'mp4'],
  maxBytes: LIMITS.mediaMaxBytes,
  maxFiles: 1,
};
/** Track file: mp3 or wav (spec section 5). */
export const AUDIO_RULES: FileRules = { extensions: ['mp3', 'wav'], maxFiles: 1 };
/** Cover image: png, jpg, jpeg or gif (spec section 5). */
export const IMAGE_RULES: FileRules = { extensions: ['png', 'jpg', 'jpeg', 'gif'], maxFiles: 1 };

/** A refused file: the message key (contracts catalog) and its parameters. */
export interface FileProblem {
  name: string;
  key: 'validation.file_type' | 'validation.file_too_large';
  params?: Record<string, string | number>;
}

/** Extension of a file name, lower case, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Checks files against the rules. Returns the accepted files and one problem per refused file:
 * a wrong type gives 'You can only upload allowed Files!.' (spec section 5), a size over the
 * limit gives the too-large message with the limit.
 */
export function checkFiles<F extends { name: string; size: number }>(
  files: readonly F[],
  rules: FileRules,
  formatSize: (bytes: number) => string,
): { accepted: F[]; problems: FileProblem[] } {
  const accepted: F[] = [];
  const problems: FileProblem[] = [];
  for (const file of files) {
    if (!rules.extensions.includes(extensionOf(file.name))) {
      problems.push({ name: file.name, key: 'validation.file_type' });
    } else if (rules.maxBytes !== undefined && file.size > rules.maxBytes) {
      problems.push({
        name: file.name,
        key: 'validation.file_too_large',
        params: { max: formatSize(rules.maxBytes) },
      });
    } else {
      accepted.push(file);
    }
  }
  return { accepted: rules.maxFiles ? accepted.slice(0, rules.maxFiles) : accepted, problems };
}
