import { confirmAction } from '@lm/ui';
import { Button } from '@mantine/core';

/** The red Disconnect button of a connections list row: asks `message` first, then `onConfirm`. */
export function DisconnectButton({
  message,
  label,
  onConfirm,
}: {
  message: string;
  label: string;
  onConfirm(): void;
}) {
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      onClick={async () => {
        if (await confirmAction({ danger: true, message })) onConfirm();
      }}
    >
      {label}
    </Button>
  );
}
