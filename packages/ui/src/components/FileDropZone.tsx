import '@mantine/dropzone/styles.layer.css';
import { Group, Loader, Stack, Text } from '@mantine/core';
import { Dropzone, type FileWithPath } from '@mantine/dropzone';
import { IconCloudUpload, IconFileX, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mantineNotifier } from '../api/create-clients';
import { formatFileSize } from '../i18n/format';
import { checkFiles, type FileRules } from './file-rules';

export interface FileDropZoneProps {
  rules: FileRules;
  onFiles(files: File[]): void;
  /** Shows a loader instead of the hint (upload in progress). */
  loading?: boolean;
  /** i18n key of the prompt; defaults to "Drop a file here or click to choose". */
  label?: string;
  /** Extra content (a preview). */
  children?: ReactNode;
  disabled?: boolean;
}

/**
 * File drop zone enforcing type and size (spec section 5). A refused file is named in the message
 * ('photo.gif: You can only upload allowed Files!.'), shown under the zone and as a toast.
 */
export function FileDropZone({ rules, onFiles, loading, label, children, disabled }: FileDropZoneProps) {
  const { t, i18n } = useTranslation();
  const [problems, setProblems] = useState<string[]>([]);

  const handle = (files: FileWithPath[]) => {
    const result = checkFiles(files, rules, (bytes) => formatFileSize(bytes, i18n.language));
    const messages = result.problems.map((p) =>
      t('ui.upload.rejected', { name: p.name, reason: t(p.key, p.params ?? {}) }),
    );
    setProblems(messages);
    for (const message of messages) mantineNotifier.error(message);
    if (result.accepted.length) onFiles(result.accepted);
  };

  const hint = t('ui.upload.allowed', {
    types: rules.extensions.map((e) => e.toUpperCase()).join(', '),
    size: rules.maxBytes ? formatFileSize(rules.maxBytes, i18n.language) : '—',
  });

  return (
    <Stack gap={6}>
      <Dropzone
        onDrop={handle}
        onReject={(rejections) => handle(rejections.map((r) => r.file))}
        multiple={(rules.maxFiles ?? 1) > 1}
        loading={loading}
        disabled={disabled}
        data-testid="file-drop-zone"
        p="md"
      >
        <Group justify="center" gap="md" mih={80} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={36} stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconFileX size={36} stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            {loading ? <Loader size="sm" /> : <IconCloudUpload size={36} stroke={1.5} />}
          </Dropzone.Idle>
          {children}
          <div>
            <Text size="sm" fw={500}>
              {t(label ?? 'ui.upload.prompt')}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {hint}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {problems.map((message) => (
        <Text key={message} size="xs" c="red" role="alert">
          {message}
        </Text>
      ))}
    </Stack>
  );
}
