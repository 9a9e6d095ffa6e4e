import { Button } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/**
 * A button that opens a PDF in a new tab: `link` when the PDF exists; otherwise the tab opens at once
 * (inside the click, so a popup blocker lets it through) and is sent to the link `make` returns, or
 * closed when it returns none or fails. The button shows a loader while the PDF is being made.
 */
export function PdfButton({
  link,
  make,
  icon,
  variant,
  testId,
  children,
}: {
  link: string | null | undefined;
  make?: () => Promise<string | null>;
  icon: ReactNode;
  variant?: 'light';
  testId: string;
  children: ReactNode;
}) {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    if (link) {
      window.open(link, '_blank', 'noopener');
      return;
    }
    if (!make) return;
    const win = window.open('', '_blank');
    setOpening(true);
    try {
      const made = await make();
      if (made && win) win.location.href = made;
      else win?.close();
    } catch {
      win?.close();
    } finally {
      setOpening(false);
    }
  };
  return (
    <Button variant={variant} leftSection={icon} loading={opening} onClick={open} data-testid={testId}>
      {children}
    </Button>
  );
}
