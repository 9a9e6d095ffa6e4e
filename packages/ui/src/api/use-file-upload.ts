import { useMutation } from '@tanstack/react-query';
import { useApi } from './api-context';

/**
 * `POST file/upload` (multipart `file` and its name) through the long-timeout upload client: the
 * stored key (`file`, what forms send back) and its URL (for a preview). Failures show the server's
 * message as a toast.
 */
export function useFileUpload() {
  const { upload } = useApi();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      form.append('fileName', file.name);
      return (await upload.post<{ file: string; url: string }>('file/upload', form)).data;
    },
  });
}
