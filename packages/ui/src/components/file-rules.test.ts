import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../i18n/format';
import { AVATAR_RULES, checkFiles, extensionOf, MEDIA_RULES } from './file-rules';

const file = (name: string, size = 1000) => ({ name, size });

describe('checkFiles', () => {
  it('accepts allowed extensions in any case', () => {
    const { accepted, problems } = checkFiles(
      [file('me.JPG'), file('b.png')],
      { ...AVATAR_RULES, maxFiles: 5 },
      formatFileSize,
    );
    expect(accepted.map((f) => f.name)).toEqual(['me.JPG', 'b.png']);
    expect(problems).toEqual([]);
  });

  it("refuses other types with 'You can only upload allowed Files!.' naming the file", () => {
    const { accepted, problems } = checkFiles(
      [file('virus.exe'), file('photo.gif')],
      AVATAR_RULES,
      formatFileSize,
    );
    expect(accepted).toEqual([]);
    expect(problems).toEqual([
      { name: 'virus.exe', key: 'validation.file_type' },
      { name: 'photo.gif', key: 'validation.file_type' },
    ]);
  });

  it('refuses files over the size limit', () => {
    const { problems } = checkFiles([file('song.mp3', 51 * 1024 * 1024)], MEDIA_RULES, formatFileSize);
    expect(problems).toEqual([
      { name: 'song.mp3', key: 'validation.file_too_large', params: { max: '50 MB' } },
    ]);
  });

  it('keeps one file when only one is allowed', () => {
    expect(checkFiles([file('a.png'), file('b.png')], AVATAR_RULES, formatFileSize).accepted).toHaveLength(1);
  });

  it('reads extensions', () => {
    expect(extensionOf('a.tar.GZ')).toBe('gz');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('.hidden')).toBe('');
  });
});
