import { Anchor, type MantineSize, Text } from '@mantine/core';
import { Link } from 'react-router';

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

/**
 * An account named in running text: its name linking to the account's page, then its e-mail address
 * dimmed (left to right in every language). `emailSize` is the address's type size where it is
 * smaller than the text around it.
 */
export function UserLink({
  user,
  emailSize,
}: {
  user: { id: number; name: string; email: string };
  emailSize?: MantineSize;
}) {
  return (
    <>
      <Anchor component={Link} to={`/users/${user.id}`}>
        {user.name}
      </Anchor>{' '}
      <Text span size={emailSize} c="dimmed" dir="ltr">
        {user.email}
      </Text>
    </>
  );
}
