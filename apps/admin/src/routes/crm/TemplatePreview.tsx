import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RenderedTemplate } from '../../hooks/use-crm';

/** Phone and desktop widths of the preview (px), the usual e-mail client widths. */
const WIDTHS = { phone: 375, desktop: 700 } as const;

/** A written template in a sandboxed frame at phone or desktop width, with its subject and text part. */
export function TemplatePreview({ rendered }: { rendered: RenderedTemplate }) {
  const { t } = useTranslation();
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  const [part, setPart] = useState<'html' | 'text'>('html');
  return (
    <Stack gap="sm" data-testid="template-preview">
      <Group justify="space-between">
        <Text size="sm">
          <b>{t('crm.templates.subject')}:</b> {rendered.subject}
        </Text>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            value={part}
            onChange={(v) => setPart(v as 'html' | 'text')}
            data={[
              { value: 'html', label: t('crm.templates.html_part') },
              { value: 'text', label: t('crm.templates.text_part') },
            ]}
          />
          <SegmentedControl
            size="xs"
            value={width}
            onChange={(v) => setWidth(v as keyof typeof WIDTHS)}
            data={[
              { value: 'phone', label: t('crm.templates.phone') },
              { value: 'desktop', label: t('crm.templates.desktop') },
            ]}
            data-testid="preview-width"
          />
        </Group>
      </Group>
      {part === 'html' ? (
        <iframe
          title={t('crm.templates.preview')}
          sandbox=""
          srcDoc={rendered.html}
          data-testid="preview-frame"
          style={{
            width: WIDTHS[width],
            maxWidth: '100%',
            height: 560,
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 8,
            background: 'white',
            alignSelf: 'center',
          }}
        />
      ) : (
        <Text
          component="pre"
          size="sm"
          dir="ltr"
          style={{ whiteSpace: 'pre-wrap' }}
          data-testid="preview-text"
        >
          {rendered.text}
        </Text>
      )}
    </Stack>
  );
}
