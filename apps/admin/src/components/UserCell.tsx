import { Text } from '@mantine/core';

/**
 * A list cell naming an account or a sender: its name, and its e-mail address below in small type.
 * `fw` is the name's weight (500, or 600 where the name is the row's title).
 */
export function UserCell({ user, fw = 500 }: { user: { name: string; email: string }; fw?: number }) {
  return (
    <div>
      <Text size="sm" fw={fw}>
        {user.name}
      </Text>
      <Text size="xs" c="dimmed" dir="ltr">
        {user.email}
      </Text>
    </div>
  );
}
