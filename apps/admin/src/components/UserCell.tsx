import { Text } from '@mantine/core';

/** A list cell naming an account: its name, and its e-mail address below in small type. */
export function UserCell({ user }: { user: { name: string; email: string } }) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {user.name}
      </Text>
      <Text size="xs" c="dimmed" dir="ltr">
        {user.email}
      </Text>
    </div>
  );
}
